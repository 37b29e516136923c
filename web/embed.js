// spreadlab for documentation pages: every
//   <div data-spreadlab="examples/max-skew-2.json" data-controls="maxSkew,whenUnsatisfiable"
//        data-caption="..." data-lesson="..." data-theme="dark" data-height="480">static text shown until it loads</div>
// becomes an iframe of the lab (?embed=1 with those parameters), created when the div
// scrolls near the viewport; its text stays as the preview until then. The iframe's
// height follows what the lab posts ({type: 'spreadlab:height', height}, docs/js-api.md).
// Paths in data-spreadlab are relative to the lab, which is where this script is served.
(function () {
  'use strict';
  const lab = new URL('.', document.currentScript.src);
  const PARAMS = { controls: 'controls', caption: 'caption', lesson: 'lesson', theme: 'theme' };

  function mount(div) {
    const p = new URLSearchParams({ embed: '1' });
    if (div.dataset.spreadlab) p.set('scenario', div.dataset.spreadlab);
    for (const [data, param] of Object.entries(PARAMS)) if (div.dataset[data]) p.set(param, div.dataset[data]);
    const iframe = document.createElement('iframe');
    iframe.src = new URL('index.html?' + p, lab).href;
    iframe.title = div.dataset.caption || 'spreadlab: a live kube-scheduler example';
    iframe.style.cssText = 'display:block;box-sizing:border-box;width:100%;border:1px solid #ccd6ea;border-radius:6px;';
    iframe.style.height = (Number(div.dataset.height) || 480) + 'px';
    iframe.setAttribute('data-spreadlab-frame', '');
    div.replaceChildren(iframe);
    // The iframe has its own frame: the page's styling of the preview (padding, border,
    // background) would stay around it. `[data-spreadlab-mounted]` is there for page styles.
    Object.assign(div.style, { padding: '0', border: '0', background: 'none' });
    div.setAttribute('data-spreadlab-mounted', '');
  }

  window.addEventListener('message', (e) => {
    if (!e.data || e.data.type !== 'spreadlab:height' || !(e.data.height > 0)) return;
    for (const f of document.querySelectorAll('iframe[data-spreadlab-frame]')) {
      if (f.contentWindow !== e.source) continue;
      f.style.height = Math.min(Math.round(e.data.height), 4000) + 'px';
      f.parentElement.style.minHeight = '';  // the preview's place, no longer needed: the div hugs the iframe
    }
  });

  const divs = document.querySelectorAll('[data-spreadlab]');
  // The preview keeps the embed's place, so that the page does not jump when it loads.
  divs.forEach((d) => { d.style.minHeight = (Number(d.dataset.height) || 480) + 'px'; d.style.boxSizing = 'border-box'; });
  if (!('IntersectionObserver' in window)) { divs.forEach(mount); return; }
  const watch = new IntersectionObserver((entries) => entries.forEach((en) => {
    if (!en.isIntersecting) return;
    watch.unobserve(en.target);
    mount(en.target);
  }), { rootMargin: '300px 0px' });
  divs.forEach((d) => watch.observe(d));
})();
