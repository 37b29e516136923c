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
}
