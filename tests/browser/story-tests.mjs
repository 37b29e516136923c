// Browser tests of the first minutes of the lab's users (issue 28, ../shared/USER-STORIES.md
// of the workplace): each does what the person does, with the mouse and the keyboard.
// Registered by run.mjs, whose harness they use.

// The Deployment a teacher copies from a documentation page: no Node, the docs' `zone` key.
const DOCS_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 6
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: zone
        whenUnsatisfiable: DoNotSchedule
        labelSelector:
          matchLabels:
            app: web
      containers:
      - name: nginx
        image: nginx:1.27
`;

export function storyTests(h) {
  const { test, openLab, api, frames, check, checkEqual, clickWidget, rect, shot, typeInto } = h;

  // Pastes `text` the way a person does: the clipboard's paste event while the text area has focus.
  async function pasteIntoDialog(page, text) {
    await clickWidget(page, 'menu:Scenario');
    await clickWidget(page, 'menu:paste');
    await clickWidget(page, 'importText');
    await page.evaluate((t) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', t);
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt }));
    }, text);
    await frames(page, 3);
  }

  const zonesOf = async (page) => {
    const items = JSON.parse(await api(page, 'scenario')).items;
    const zone = Object.fromEntries(items.filter((i) => i.kind === 'Node')
      .map((n) => [n.metadata.name, n.metadata.labels.zone || n.metadata.labels['topology.kubernetes.io/zone']]));
    const count = {};
    for (const p of items.filter((i) => i.kind === 'Pod' && i.metadata.name.startsWith('web-') && i.spec.nodeName))
      count[zone[p.spec.nodeName]] = (count[zone[p.spec.nodeName]] || 0) + 1;
    return count;
  };

  test("the teacher pastes the docs' Deployment (no Node): it is applied to the cluster and spreads", async () => {
    const { page, ctx } = await openLab('/');
    await pasteIntoDialog(page, DOCS_DEPLOYMENT);
    // Manifests without a Node: "Apply to this cluster" is chosen, and the button says Apply.
    const rects = await api(page, 'widgetRects');
    check(rects.importApply && rects.importReplace, 'the dialog offers apply and replace');
    await shot(page, 'story-paste-deployment.png');
    await clickWidget(page, 'importLoad');
    await frames(page, 3);
    const status = await api(page, 'status');
    check(/deployment\.apps\/web created/.test(status.text), `kubectl's line in the status: ${status.text}`);
    // The default example's own pending pod (mypod) goes first, then the six replicas.
    const scheduled = await api(page, 'scheduleAll');
    checkEqual(scheduled.bound, 7, 'mypod and the six replicas are placed');
    // The default cluster's zones hold 2 and 1 foo=bar pods of their own; web's replicas spread 3/3.
    checkEqual(await zonesOf(page), { zoneA: 3, zoneB: 3 }, 'spread over the two zones');
    await ctx.close();
  });

  test('the teacher replaces the scenario with a Deployment alone, then adds the sample cluster and a node', async () => {
    const { page, ctx } = await openLab('/');
    await pasteIntoDialog(page, DOCS_DEPLOYMENT.replace('topologyKey: zone', 'topologyKey: topology.kubernetes.io/zone'));
    await clickWidget(page, 'importReplace');
    await clickWidget(page, 'importLoad');
    await frames(page, 3);
    checkEqual((await api(page, 'status')).pendingPod?.startsWith('default/web-'), true, 'a replica is explained');
    // An empty cluster offers the sample cluster and a node of one's own.
    await shot(page, 'story-empty-cluster.png');
    await clickWidget(page, 'addSampleCluster');
    const trace = await api(page, 'trace');
    checkEqual(trace.nodes.length, 6, 'three zones of two nodes');
    check(trace.selected, `a replica schedules: ${trace.message}`);
    checkEqual((await api(page, 'scheduleAll')).bound, 6, 'every replica is placed');
    checkEqual(await zonesOf(page), { 'zone-a': 2, 'zone-b': 2, 'zone-c': 2 }, '2/2/2');
    // "Add a node..." from a right-click outside every zone: a fourth zone, with a taint.
    await shot(page, 'story-sample-cluster.png');
    // Beside zone-c's region, under zone-b's: no zone there.
    const zoneC = await rect(page, 'domain:zone-c');
    await page.mouse.click(zoneC.x + zoneC.w + 40, zoneC.y + 20, { button: 'right' });
    await frames(page, 2);
    await clickWidget(page, 'pictureAddNode');
    await typeInto(page, 'addNode:zone', 'zone-d');
    await typeInto(page, 'addNode:taints', 'dedicated=gpu:NoSchedule');
    await clickWidget(page, 'addNode:add');
    await frames(page, 3);
    const node = JSON.parse(await api(page, 'scenario')).items.find((i) => i.kind === 'Node' && i.metadata.labels['topology.kubernetes.io/zone'] === 'zone-d');
    check(node, 'a node in zone-d was added');
    checkEqual(node.spec.taints, [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }], 'with its taint');
    await ctx.close();
  });

  test('the teacher drags maxSkew on a Deployment: every pending replica follows, the editor says so', async () => {
    const { page, ctx } = await openLab('/?scenario=examples/deployment-three-zones.yaml');
    await frames(page, 3);
    const target = await rect(page, 'constraintTarget');
    check(target.w > 0, 'the editor says what it edits');
    await typeInto(page, 'maxSkew#0', '2');
    const items = JSON.parse(await api(page, 'scenario')).items;
    const skews = items.filter((i) => i.kind === 'Pod' && i.metadata.name.startsWith('web-'))
      .map((p) => p.spec.topologySpreadConstraints[0].maxSkew);
    checkEqual(skews, [2, 2, 2, 2, 2, 2], 'every pending replica has maxSkew 2');
    const deployment = items.find((i) => i.kind === 'Deployment');
    checkEqual(deployment.spec.template.spec.topologySpreadConstraints[0].maxSkew, 2, "the Deployment's template");
    checkEqual((await api(page, 'workloads'))[0].pods, 6, 'no rollout: the same six pods');
    await shot(page, 'story-deployment-maxskew.png');
    await ctx.close();
  });
}

export function presentTests(h) {
  const { test, openLab, api, frames, check, checkEqual, clickWidget, rect } = h;
  const has = async (page, id) => Boolean((await api(page, 'widgetRects'))[id]);
  const wait = (ms) => new Promise((ok) => setTimeout(ok, ms));

  test('Present: a decision opens at PreFilter, Play pauses after each phase, no panel shows what comes later', async () => {
    const { page, ctx } = await openLab('/');
    await clickWidget(page, 'present');
    await frames(page, 3);
    checkEqual((await api(page, 'picture')).phase, 'PreFilter', 'the decision opens at PreFilter');
    // The side columns fold so that the picture takes the screen; the Decision panel opens from its strip.
    check(!(await has(page, 'showAnswer')) && (await has(page, 'unfold:Decision')), 'the Decision column is folded');
    await clickWidget(page, 'unfold:Decision');
    check(await has(page, 'showAnswer'), 'the answer is hidden ("show the answer" is offered)');
    // Play runs PreFilter and pauses at its end.
    await clickWidget(page, 'play');
    await wait(2000);
    checkEqual((await api(page, 'picture')).phase, 'PreFilter', 'paused after PreFilter');
    // Play again: Filter reveals the nodes one by one; a node not revealed yet shows no verdict.
    await clickWidget(page, 'play');
    const order = (await api(page, 'trace')).nodes.map((n) => n.name);
    const last = order[order.length - 1];
    const card = await rect(page, 'node:' + last);
    await page.mouse.click(card.x + card.w / 2, card.y + 6);
    await frames(page, 2);
    checkEqual((await api(page, 'picture')).phase, 'Filter', 'Filter is running');
    check(await has(page, 'nodeDetails:unrevealed'), `${last}'s details wait for the picture to reveal its verdict`);
    await wait(3500);
    const pic = await api(page, 'picture');
    checkEqual(pic.phase, 'Filter', 'paused after Filter');
    check(await has(page, 'nodeDetails:verdict'), `${last}'s verdict once Filter revealed it`);
    check(await has(page, 'showAnswer'), 'the answer is still hidden after Filter');
    await ctx.close();
  });

  test("a lesson's open task hides the conflict explorer's suggestions", async () => {
    const { page, ctx } = await openLab('/');
    await page.evaluate(() => window.spreadlab.lessonsReady);
    checkEqual(await api(page, 'startLesson', 'conflicting-constraints', 2), { ok: true, error: null }, 'a task step');
    await frames(page, 3);
    // To Done: the decision, and with it the explorer, is shown.
    for (let i = 0; i < 10 && (await api(page, 'picture')).phase !== 'Done'; i++) await api(page, 'step');
    await frames(page, 3);
    check(await has(page, 'suggestionsHidden'), 'the suggestions are hidden while the task is open');
    check(!(await has(page, 'suggestion0.apply')), 'no suggestion to apply');
    await ctx.close();
  });
}

// The README's pictures of the first minutes at a projector's, a laptop's and a phone's size
// (docs/images/first-minutes-*.png are copied from these artifacts).
export function screenshotTests(h) {
  const { test, openLab, api, frames, check, clickWidget, shot, newContext } = h;
  const SIZES = [[1280, 720, {}], [1440, 900, {}], [390, 844, { deviceScaleFactor: 2, isMobile: true, hasTouch: true }]];
  test('screenshots of the lab, a lesson step and Present at 1280x720, 1440x900 and 390x844', async () => {
    for (const [width, height, extra] of SIZES) {
      const context = await newContext({ viewport: { width, height }, ...extra });
      const { page, ctx } = await openLab('/?scenario=examples/deployment-three-zones.yaml', { context });
      await frames(page, 3);
      await shot(page, `first-minutes-lab-${width}x${height}.png`);
      if (width >= 720) {
        // The toolbar wraps within the Cluster panel: the release and the last phase on screen.
        const rects = await api(page, 'widgetRects');
        const panel = rects['panel:Cluster'];
        for (const id of ['release', 'phase:Done', 'scheduleAll']) {
          check(rects[id], `${id} is drawn at ${width}x${height}`);
          check(rects[id].x + rects[id].w <= panel.x + panel.w,
            `${id} ends at x=${rects[id].x + rects[id].w}, inside the Cluster panel (${panel.x + panel.w}) at ${width}x${height}`);
        }
      }
      await page.evaluate(() => window.spreadlab.lessonsReady);
      const started = await api(page, 'startLesson', 'skew-arithmetic', 1);
      check(started.ok, `a lesson step: ${started.error}`);
      await frames(page, 4);
      await shot(page, `first-minutes-lesson-${width}x${height}.png`);
      if (width >= 720) {
        const present = await openLab('/?scenario=examples/spread-outvoted.json', { context: ctx });
        await clickWidget(present.page, 'present');
        for (let i = 0; i < 5; i++) await api(present.page, 'step');  // PreFilter to Weighted sum
        await frames(present.page, 4);
        await shot(present.page, `first-minutes-present-${width}x${height}.png`);
      }
      await ctx.close();
    }
  });
}
