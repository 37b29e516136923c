// Browser tests of the lab's teaching features (issue 13): the cycle's phases on the
// picture, the guided lessons played to their end, and compare() against the CLI.
// Registered by run.mjs, whose harness they use.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The cluster panel at the harness's 1440x900 viewport: the README's pictures.
const CLUSTER = { x: 360, y: 24, width: 650, height: 470 };

export function teachTests(h) {
  const { test, openLab, api, frames, check, checkEqual, clickWidget, typeInto, rect, shot, EXAMPLES, CLI } = h;

  test('spread-outvoted.json: each phase of the animation shows what it has computed, and only that', async () => {
    const { page, ctx } = await openLab('/');
    const file = 'spread-outvoted.json';
    checkEqual(await api(page, 'load', readFileSync(join(EXAMPLES, file), 'utf8'), file), { ok: true, error: null }, 'load');
    const trace = await api(page, 'trace');
    const byName = Object.fromEntries(trace.nodes.map((n) => [n.name, n]));
    const scored = trace.nodes.filter((n) => n.scores && n.scores.length);
    check(scored.length >= 2, 'the example scores several nodes');
    const phases = [];
    for (;;) {
      const { phase } = await api(page, 'step');
      if (phase === 'Done') break;
      phases.push(phase);
      await frames(page, 3);
      const pic = await api(page, 'picture');
      checkEqual(pic.phase, phase, 'picture() follows the playback');
      const rects = await api(page, 'widgetRects');
      await shot(page, `phase-${phase.replace(' ', '-')}.png`, CLUSTER);
      const stage = { PreFilter: 'none', Filter: 'none', PreScore: 'none', Score: 'raw', NormalizeScore: 'normalizing',
        'Weighted sum': 'weighted', 'Select host': 'weighted' }[phase];
      checkEqual(pic.stage, stage, `${phase}: the bars' stage`);
      checkEqual(pic.filterPlugins, trace.filterPlugins, 'the filter plugins in the profile\'s order');
      for (const n of pic.nodes) {
        const t = byName[n.node];
        if (phase === 'PreFilter') {
          checkEqual(n.verdict, 'hidden', `${n.node}: no verdict before Filter`);
          check(n.filters.every((m) => m === 'hidden'), `${n.node}: no filter ran yet`);
        } else {
          checkEqual(n.verdict, !t.evaluated ? 'not evaluated' : t.feasible ? 'feasible' : 'rejected', `${phase}: ${n.node}'s verdict`);
          if (t.evaluated && !t.feasible) {
            const first = n.filters.indexOf('fail');
            check(first >= 0 && pic.filterPlugins[first] === t.rejectedBy,
              `${n.node}: the first failure is ${t.rejectedBy} (${JSON.stringify(n.filters)})`);
            check(n.filters.slice(first + 1).every((m) => m === 'not run' || m === 'would also fail'),
              `${n.node}: after the first failure upstream runs nothing (${JSON.stringify(n.filters)})`);
          }
        }
        const scores = t.scores || [];
        if (stage === 'none' || !t.feasible) {
          checkEqual(n.bars, [], `${phase}: ${n.node} has no bars yet`);
          continue;
        }
        const want = scores.map((s) => ({ raw: s.raw, normalizing: s.normalized, weighted: s.weighted }[stage]));
        checkEqual(n.bars.map((b) => b.value), want, `${phase}: ${n.node}'s numbers on its bars`);
        checkEqual(n.bars.map((b) => b.plugin), scores.map((s) => s.plugin), `${phase}: one bar per score plugin, in order`);
        for (const s of scores) check(rects[`scorebar:${n.node}:${s.plugin}`], `${phase}: ${n.node}'s ${s.plugin} bar is drawn`);
        checkEqual(n.total, stage === 'weighted' ? t.total : null, `${phase}: ${n.node}'s total only from Weighted sum`);
      }
      for (const n of pic.nodes) checkEqual(n.chosen, phase === 'Select host' && n.node === trace.selected, `${phase}: ${n.node} chosen`);
      check(rects.legend, `${phase}: the legend says what the phase shows`);
      if (stage !== 'none') for (const s of pic.scorePlugins) check(rects[`legend:${s.plugin}`], `${phase}: ${s.plugin} in the legend`);
      if (phase === 'Select host') check(/wins with/.test(pic.caption), `the caption says who wins: ${pic.caption}`);
      if (phase === 'NormalizeScore') {
        const pts = pic.scorePlugins.find((s) => s.plugin === 'PodTopologySpread');
        check(pts && pts.reversed, 'PodTopologySpread normalizes reversed (fewer matching pods score higher)');
        // Hovering a bar shows that plugin's formula with the node's numbers.
        const r = rects[`scorebar:${trace.selected}:NodeResourcesFit`];
        await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2);
        await frames(page, 3);
        await shot(page, 'hover-score-bar.png', { ...CLUSTER, height: 700 });
        await page.mouse.move(5, 5);
      }
    }
    checkEqual(phases, ['PreFilter', 'Filter', 'PreScore', 'Score', 'NormalizeScore', 'Weighted sum', 'Select host'], 'every phase');
    await ctx.close();
  });

  test('every lesson is played to its end on the page; progress survives a reload', async () => {
    const { page, ctx } = await openLab('/');
    await page.evaluate(() => window.spreadlab.lessonsReady);
    const lessons = await api(page, 'lessons');
    check(lessons.length >= 8, `at least 8 lessons (${lessons.length})`);
    let clicked = false;
    for (const l of lessons) {
      checkEqual(await api(page, 'startLesson', l.id), { ok: true, error: null }, `start ${l.id}`);
      for (let s = 0; s < l.steps; s++) {
        await frames(page, 2);
        const st = await api(page, 'lesson');
        checkEqual([st.id, st.step], [l.id, s], 'the lesson and step shown');
        check((await api(page, 'widgetRects')).lessonStep, `${l.id}[${s}]: the step is on screen`);
        if (st.predict) {
          const trace = await api(page, 'trace');
          checkEqual((await api(page, 'picture')).nodes.filter((n) => n.verdict !== 'hidden'), [], 'no spoiler before the prediction');
          const answer = st.predict.kind === 'schedules' ? (trace.selected ? 'yes' : 'no') : trace.selected || 'Pending';
          if (!clicked && st.predict.kind === 'node' && trace.selected) {
            await clickWidget(page, `node:${trace.selected}`);  // the learner clicks the card
            clicked = true;
            await shot(page, 'lesson-step.png');
          } else {
            checkEqual(await api(page, 'lessonPredict', answer), { ok: true, error: null }, 'predict');
          }
          const p = (await api(page, 'lesson')).predict;
          check(p.answered && p.correct && p.actual === answer, `${l.id}[${s}]: the cycle answers ${answer}: ${JSON.stringify(p)}`);
        }
        if (st.task) {
          check(!st.task.done, `${l.id}[${s}]: the task is not done before the learner acts`);
          checkEqual(await api(page, 'lessonSolve'), { ok: true, error: null }, 'show me');
          const t = (await api(page, 'lesson')).task;
          check(t.done, `${l.id}[${s}]: the solution does the task (${t.missing})`);
        }
        checkEqual(await api(page, 'lessonNext'), { ok: true, error: null }, 'next');
      }
      checkEqual(await api(page, 'lesson'), null, `${l.id} finished`);
    }
    check(clicked, 'one prediction was made by clicking a node card');
    await frames(page, 40);  // the progress is written as it changes
    await page.evaluate(() => sessionStorage.setItem('kept', '1'));
    await page.reload();
    await page.waitForFunction(() => window.spreadlab && window.spreadlab.ready);
    await page.evaluate(() => window.spreadlab.lessonsReady);
    for (const l of await api(page, 'lessons')) checkEqual(l.finished, l.steps, `${l.id}'s progress kept across the reload`);
    await ctx.close();
  });

  // How many points of the pulsing orange outline around widget rectangle `r` (drawn 4 px
  // outside it) are orange in a screenshot of the page, counting only the points
  // `where(x, y)` accepts.
  async function outlinePoints(page, r, where) {
    const [x0, y0, x1, y1] = [r.x - 4, r.y - 4, r.x + r.w + 4, r.y + r.h + 4].map(Math.round);
    const points = [];
    for (let x = x0 + 8; x <= x1 - 8; x++) points.push([x, y0], [x, y1]);
    for (let y = y0 + 8; y <= y1 - 8; y++) points.push([x0, y], [x1, y]);
    const kept = points.filter(([x, y]) => where(x, y));
    const png = await page.screenshot();  // CSS pixels (scale 1)
    const colors = await page.evaluate(async ([b64, at]) => {
      const img = await createImageBitmap(await (await fetch('data:image/png;base64,' + b64)).blob());
      const g = new OffscreenCanvas(img.width, img.height).getContext('2d');
      g.drawImage(img, 0, 0);
      const data = g.getImageData(0, 0, img.width, img.height).data;
      return at.map(([x, y]) => Array.from(data.slice((y * img.width + x) * 4, (y * img.width + x) * 4 + 3)));
    }, [png.toString('base64'), kept]);
    const orange = colors.filter(([cr, cg, cb]) => cr > 200 && cg > 100 && cg < 215 && cb < 140 && cr - cb > 90).length;
    return { seen: kept.length, orange };
  }

  test('a lesson: no answer before the prediction, Next during its animation, outlines beside the lesson window', async () => {
    const { page, ctx } = await openLab('/');
    await page.evaluate(() => window.spreadlab.lessonsReady);
    // conflicting-constraints: two predictions in a row.
    checkEqual(await api(page, 'startLesson', 'conflicting-constraints'), { ok: true, error: null }, 'start');
    await frames(page, 2);
    const asked = (await api(page, 'lesson')).predict;
    checkEqual([asked.answered, asked.said, asked.actual, asked.correct], [false, null, null, null], 'nothing said, nothing judged');
    // The right answer to the step's question, from the cycle.
    const answer = async (kind) => {
      const selected = (await api(page, 'trace')).selected;
      return kind === 'schedules' ? (selected ? 'yes' : 'no') : selected || 'Pending';
    };
    checkEqual(await api(page, 'lessonPredict', await answer(asked.kind)), { ok: true, error: null }, 'predict');
    checkEqual((await api(page, 'lesson')).predict.correct, true, 'judged once answered');
    await frames(page, 2);
    check((await api(page, 'status')).phase !== 'Done', 'the cycle animates the answer');
    await clickWidget(page, 'lessonNext');
    await page.waitForTimeout(1500);  // longer than the answer's PreFilter and into its Filter
    await frames(page, 2);
    const next = await api(page, 'lesson');
    checkEqual([next.step, next.predict.answered], [1, false], 'the next step asks its own prediction');
    checkEqual((await api(page, 'status')).phase, 'PreFilter', 'its cycle waits for the answer');
    checkEqual((await api(page, 'picture')).nodes.filter((n) => n.verdict !== 'hidden'), [], 'no spoiler');
    checkEqual(await api(page, 'lessonPredict', await answer(next.predict.kind)), { ok: true, error: null }, 'predict again');
    await page.waitForFunction(() => window.spreadlab.status().phase === 'Done', null, { timeout: 30000 })
      .catch(() => check(false, 'the answer plays to its end'));

    // skew-arithmetic's second step outlines the decision's result, which the lesson window covers.
    checkEqual(await api(page, 'startLesson', 'skew-arithmetic', 1), { ok: true, error: null }, 'start at step 2');
    await frames(page, 4);
    const rects = await api(page, 'widgetRects');
    const w = rects.lesson;
    const inside = (x, y) => x > w.x + 2 && x < w.x + w.w - 2 && y > w.y + 2 && y < w.y + w.h - 2;
    const hidden = await outlinePoints(page, rects.result, inside);
    check(hidden.seen > 20, `the result's outline would cross the lesson window (${hidden.seen} points)`);
    checkEqual(hidden.orange, 0, 'no outline drawn over the lesson window');
    const shown = await outlinePoints(page, rects['maxSkew#0'], (x, y) => !inside(x, y));
    check(shown.orange > shown.seen / 2, `maxSkew's outline is drawn (${shown.orange} of ${shown.seen} points)`);
    await shot(page, 'lesson-outlines.png');
    await ctx.close();
  });

  test('?lesson=ID opens that lesson, without the answer', async () => {
    const first = JSON.parse(readFileSync(join(EXAMPLES, 'lessons', 'index.json'), 'utf8')).lessons[0];
    const { page, ctx, requests } = await openLab(`/?lesson=${first}`);
    await page.waitForFunction(() => window.spreadlab.lesson());
    await frames(page, 3);
    const st = await api(page, 'lesson');
    checkEqual([st && st.id, st && st.step], [first, 0], 'the lesson is open at its first step');
    checkEqual(requests.filter((p) => /\/examples\/lessons\/[^/]*\.json$/.test(p)),
      ['/examples/lessons/catalog.json', `/examples/lessons/${first}.json`], 'only that lesson was fetched');
    check((await api(page, 'widgetRects')).lessonNext, 'with its Next button');
    const bad = await openLab('/?lesson=no-such-lesson', { context: ctx });
    await bad.page.evaluate(() => window.spreadlab.lessonsReady);
    const status = await api(bad.page, 'status');
    check(status.error && /no lesson "no-such-lesson"/.test(status.text), `an unknown lesson is told: ${status.text}`);
    await ctx.close();
  });

  test('the Lessons menu lists every lesson at once; a lesson and its files are fetched when it is opened', async () => {
    const catalog = JSON.parse(readFileSync(join(EXAMPLES, 'lessons', 'index.json'), 'utf8')).lessons;
    const { page, ctx, requests } = await openLab('/');
    await page.waitForFunction((n) => window.spreadlab.lessons().length === n, catalog.length);
    const lessonFetches = () => requests.filter((p) => /\/examples\/lessons\//.test(p) && !/catalog\.json$/.test(p));
    checkEqual(lessonFetches(), [], 'no lesson fetched before one is opened');
    const listed = await api(page, 'lessons');
    checkEqual(listed.map((l) => l.id), catalog, 'every lesson listed, in index.json order');
    const id = catalog[2];
    const lesson = JSON.parse(readFileSync(join(EXAMPLES, 'lessons', id + '.json'), 'utf8'));
    checkEqual([listed[2].title, listed[2].steps], [lesson.title, lesson.steps.length], 'the title and step count from the catalog');
    // A failed fetch is told; opening the lesson again tries again.
    const before = requests.length;
    await page.route(`**/examples/lessons/${id}.json`, (route) => route.fulfill({ status: 503, body: 'busy' }));
    await clickWidget(page, 'menu:Lessons');
    await clickWidget(page, `lesson:${id}`);
    await page.waitForFunction(() => window.spreadlab.status().error);
    checkEqual((await api(page, 'status')).text, `Lesson: lesson "${id}" is listed but its text is not loaded`, 'a lesson that could not be fetched');
    await page.unroute(`**/examples/lessons/${id}.json`);
    await clickWidget(page, 'menu:Lessons');
    await shot(page, 'lessons-menu.png', { x: 0, y: 0, width: 700, height: 360 });
    await clickWidget(page, `lesson:${id}`);
    await page.waitForFunction((want) => (window.spreadlab.lesson() || {}).id === want, id);
    const files = [...new Set(lesson.steps.map((s) => s.scenario).filter(Boolean))].map((f) => '/examples/' + f);
    checkEqual(requests.slice(before).sort(), [`/examples/lessons/${id}.json`, `/examples/lessons/${id}.json`, ...files].sort(),
      'that lesson (twice: refused, then again) and its scenarios once, nothing else');
    checkEqual((await api(page, 'lesson')).step, 0, 'opened at its first step');
    await page.evaluate(() => window.spreadlab.lessonsReady);
    checkEqual(new Set(lessonFetches().filter((p) => /lessons\/[^/]*\.json$/.test(p))).size, catalog.length, 'lessonsReady fetches them all');
    await ctx.close();
  });

  const pairs = [['one-constraint.json', 'max-skew-2.json'], ['spread-outvoted.json', 'spread-weighted.json'],
    ['conflict.yaml', 'conflict.yaml'], ['deployment-three-zones.yaml', 'deployment-three-zones.yaml']];
  test('compare() equals spreadlab compare on several pairs; the Compare panel shows a snapshot against an edit', async () => {
    const { page, ctx } = await openLab('/');
    for (const [a, b] of pairs) {
      checkEqual(await api(page, 'load', readFileSync(join(EXAMPLES, a), 'utf8'), a), { ok: true, error: null }, `load ${a}`);
      const want = JSON.parse(execFileSync(CLI, ['compare', join(EXAMPLES, a), join(EXAMPLES, b), '--format', 'json'], { encoding: 'utf8' }));
      checkEqual(await api(page, 'compare', readFileSync(join(EXAMPLES, b), 'utf8')), want, `compare ${a} ${b}`);
    }
    const bad = await api(page, 'compare', 'kind: [');
    check(bad.ok === false && /other scenario/.test(bad.error), `bad B is told: ${JSON.stringify(bad)}`);
    // The panel: B is a snapshot, A changes maxSkew.
    checkEqual(await api(page, 'load', readFileSync(join(EXAMPLES, 'one-constraint.json'), 'utf8'), 'one-constraint.json'),
      { ok: true, error: null }, 'load');
    await clickWidget(page, 'menu:Compare');
    await page.mouse.click((await rect(page, 'menu:Compare')).x + 20, (await rect(page, 'menu:Compare')).y + 30);
    await frames(page, 3);
    await clickWidget(page, 'compareSnapshot');
    // "then edit A (the lab) and watch": maxSkew typed in the Pending pod panel with the
    // window open (issue 28: the window covered that field, and the click landed on it).
    await typeInto(page, 'maxSkew#0', '2');
    checkEqual((await api(page, 'trace')).spread.filter[0].maxSkew, 2, 'maxSkew typed into A while Compare is open');
    await frames(page, 3);
    check((await api(page, 'widgetRects')).compareResult, 'the panel shows the comparison');
    await shot(page, 'compare-panel.png');
    await ctx.close();
  });
}
