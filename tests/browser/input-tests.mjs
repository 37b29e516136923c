// Browser tests of the lab's input and what a reload keeps (issue 28): clicks and keys
// that fall within one slow frame, the Paste dialog, the undo history and the timeline
// across a reload, and ?scenario= over the saved copy. Registered by run.mjs, whose
// harness they use.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function inputTests(h) {
  const { test, openLab, api, frames, check, checkEqual, clickWidget, rect, shot, press, EXAMPLES, newContext } = h;

  // Events dispatched on the canvas in one synchronous script all reach the page before
  // its next frame: as a press and release do within a slow frame on a phone or a busy page.
  const withinOneFrame = (page, events) => page.evaluate((list) => {
    const canvas = document.getElementById('canvas');
    for (const [type, init] of list) {
      const Kind = type.startsWith('key') ? KeyboardEvent : MouseEvent;
      canvas.dispatchEvent(new Kind(type, { bubbles: true, cancelable: true, view: window, ...init }));
    }
  }, events);
  const click = (x, y) => [
    ['mousemove', { clientX: x, clientY: y }],
    ['mousedown', { clientX: x, clientY: y, button: 0, buttons: 1 }],
    ['mouseup', { clientX: x, clientY: y, button: 0, buttons: 0 }],
  ];
  const key = (type, k, code, keyCode, ctrlKey) => [type, { key: k, code, keyCode, which: keyCode, ctrlKey }];

  // Ctrl+Z tapped: pressed and released at once, as a person's quick tap arrives within a frame
  // (held over slow frames, ImGui would repeat it).
  const ctrlZ = (page) => withinOneFrame(page, [key('keydown', 'Control', 'ControlLeft', 17, true),
    key('keydown', 'z', 'KeyZ', 90, true), key('keyup', 'z', 'KeyZ', 90, true), key('keyup', 'Control', 'ControlLeft', 17, false)]);

  test('a click and Ctrl+Z that each fall within one frame both act', async () => {
    const { page, ctx } = await openLab('/');
    const pending = (await api(page, 'status')).pendingPod;
    const r = await rect(page, 'scheduleNext');
    // Pressed, released and moved on (as a hand on a touchpad does) before the next frame.
    await withinOneFrame(page, [...click(r.x + r.w / 2, r.y + r.h / 2), ['mousemove', { clientX: 5, clientY: 5 }]]);
    await frames(page, 4);
    checkEqual((await api(page, 'timeline')).steps.map((s) => s.pod), [pending], 'Schedule next bound the pending pod');
    await ctrlZ(page);
    await frames(page, 6);
    const status = await api(page, 'status');
    checkEqual([status.text, status.pendingPod], ['Undid schedule next', pending], 'Ctrl+Z took the binding back');
    // Two clicks on Step in one frame: two phases on.
    while ((await api(page, 'step')).phase !== 'PreFilter');  // paused at the cycle's start
    const s = await rect(page, 'step');
    await withinOneFrame(page, [...click(s.x + s.w / 2, s.y + s.h / 2), ...click(s.x + s.w / 2, s.y + s.h / 2)]);
    await frames(page, 6);
    checkEqual((await api(page, 'status')).phase, 'PreScore', 'each click stepped: PreFilter, Filter, PreScore');
    await ctx.close();
  });

  // A paste on the page (Ctrl+V with no text field focused), as the browser delivers it.
  const paste = (page, text) => page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt }));
  }, text);
  const dialogOpen = async (page) => Boolean((await api(page, 'widgetRects')).importText);

  test('the Paste dialog: Ctrl+V fills its text until Load, Escape closes it, its error wraps on a phone', async () => {
    const ctx = await newContext({ viewport: { width: 390, height: 760 } });
    const { page } = await openLab('/', { context: ctx });
    const openDialog = async () => {
      await clickWidget(page, 'menu:Scenario');
      await clickWidget(page, 'menu:paste');
      check(await dialogOpen(page), 'the Paste dialog is open');
    };
    await openDialog();
    const yaml = readFileSync(join(EXAMPLES, 'conflict.yaml'), 'utf8');
    await paste(page, yaml);
    await frames(page, 3);
    check(await dialogOpen(page), 'the dialog stays open for Load');
    check((await api(page, 'status')).source.includes('one-constraint.json'), 'nothing is loaded before Load');
    await clickWidget(page, 'importLoad');
    await frames(page, 3);
    checkEqual((await api(page, 'status')).source, 'pasted scenario', 'Load opened the pasted text');
    check(!(await dialogOpen(page)), 'Load closed the dialog');

    await openDialog();
    await press(page, 'Escape');
    await frames(page, 2);
    check(!(await dialogOpen(page)), 'Escape closed the dialog');

    // A bad scenario: the error wraps within the dialog, the buttons stay on screen.
    await openDialog();
    await paste(page, readFileSync(join(EXAMPLES, 'one-constraint.json'), 'utf8').replace('"maxSkew": 1', '"maxSkew": 0'));
    await clickWidget(page, 'importLoad');
    await frames(page, 3);
    const rects = await api(page, 'widgetRects');
    check(rects.importError, 'the error is shown');
    const right = rects.importText.x + rects.importText.w;
    check(rects.importError.x + rects.importError.w <= right + 1,
      `the error wraps within the dialog: it ends at x=${rects.importError.x + rects.importError.w}, the text area at ${right}`);
    // Two lines as written (the error, then that the scenario is kept): more once wrapped.
    check(rects.importError.h > 2.5 * 15, `the error wraps onto more lines (${rects.importError.h} px)`);
    check(rects.importLoad.y + rects.importLoad.h <= 760, 'Load stays on screen');
    await shot(page, 'paste-dialog-error-phone.png');
    checkEqual((await api(page, 'status')).source, 'pasted scenario', 'the current scenario is kept');
    await ctx.close();
  });

  // The page keeps the scenario in localStorage and this tab's history in sessionStorage.
  const reload = async (page) => {
    await page.waitForTimeout(900);  // saved half a second after the last change
    await page.evaluate(() => sessionStorage.setItem('kept', '1'));
    await page.reload();
    await page.waitForFunction(() => window.spreadlab && window.spreadlab.ready, null, { timeout: 30000 });
    await frames(page, 3);
  };

  test('a reload keeps the timeline and the undo history', async () => {
    const { page, ctx } = await openLab('/');
    const file = 'zone-outage.yaml';
    const scenarios = [await api(page, 'scenario')];
    checkEqual(await api(page, 'load', readFileSync(join(EXAMPLES, file), 'utf8'), file), { ok: true, error: null }, 'load');
    scenarios.push(await api(page, 'scenario'));
    await api(page, 'setConstraintField', 0, 'maxSkew', 2);
    scenarios.push(await api(page, 'scenario'));
    await clickWidget(page, 'scheduleNext');
    scenarios.push(await api(page, 'scenario'));
    await api(page, 'scheduleAll');
    scenarios.push(await api(page, 'scenario'));
    check((await api(page, 'simulate', 'fail topology.kubernetes.io/zone=zone-c')).ok, 'the event applied');
    scenarios.push(await api(page, 'scenario'));
    const timeline = await api(page, 'timeline');
    check(timeline.steps.length > 8, `a timeline of placements and the event (${timeline.steps.length} steps)`);
    await reload(page);
    const after = await api(page, 'status');
    check(after.source.includes(file), `the saved scenario: ${after.source}`);
    checkEqual(await api(page, 'scenario'), scenarios.at(-1), 'the same scenario');
    checkEqual(await api(page, 'timeline'), timeline, 'the same timeline');
    check((await api(page, 'widgetRects')).timeline, 'the timeline panel is shown');
    // Ctrl+Z steps back through every edit made before the reload.
    for (let i = scenarios.length - 2; i >= 0; i--) {
      await ctrlZ(page);
      await frames(page, 4);
      checkEqual(await api(page, 'scenario'), scenarios[i], `undo ${scenarios.length - 1 - i} puts back the scenario before it`);
    }
    checkEqual(await api(page, 'undo'), { ok: false }, 'nothing older than the page\'s first scenario');
    await ctx.close();
  });

  test('?scenario= opens its file over the copy saved in this browser', async () => {
    const { page, ctx } = await openLab('/');
    await api(page, 'setConstraintField', 0, 'maxSkew', 3);
    await page.waitForTimeout(900);
    await page.evaluate(() => sessionStorage.setItem('kept', '1'));
    check(await page.evaluate(() => localStorage.getItem('spreadlab.scenario.v1')), 'the edit is saved');
    await page.goto(page.url().replace(/\/?$/, '/?scenario=examples/conflict.yaml'));
    await page.waitForFunction(() => window.spreadlab && window.spreadlab.ready, null, { timeout: 30000 });
    await frames(page, 3);
    checkEqual((await api(page, 'status')).source, 'examples/conflict.yaml', 'the file the URL names');
    checkEqual(await api(page, 'undo'), { ok: false }, 'without the saved copy\'s history');
    await ctx.close();
  });
}
