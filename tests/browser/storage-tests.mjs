// Browser tests of storage in the lab (issue 30): the volume badges, the claims in a pod's
// hover, the volume's zone marked on the picture when the pending pod's nodes are rejected
// for it, the Pending pod panel's claims, and window.spreadlab.storage(); and (issue 31) a
// StatefulSet's volume through a zone outage, stepped on the page.
// Registered by run.mjs, whose harness they use.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function storageTests(h) {
  const { test, openLab, api, frames, check, checkEqual, clickWidget, rect, shot, EXAMPLES, CLI, newContext } = h;

  const open = async (file, options) => {
    const lab = await openLab('/', options);
    checkEqual(await api(lab.page, 'load', readFileSync(join(EXAMPLES, file), 'utf8'), file), { ok: true, error: null },
      `load ${file}`);
    await frames(lab.page, 3);
    return lab;
  };
  const playToDone = async (page) => {
    for (let i = 0; i < 10 && (await api(page, 'step')).phase !== 'Done'; i++) await frames(page, 2);
    await frames(page, 3);
  };
  const noErrors = (logs) => {
    const bad = logs.filter((l) => /^(error|pageerror)/.test(l));
    check(bad.length === 0, `the page logged errors:\n${bad.join('\n')}`);
  };

  test('statefulset-volume-zone.yaml: storage() and the picture show db-2\'s volume in zone C, where no node is', async () => {
    const { page, ctx, logs } = await open('statefulset-volume-zone.yaml');
    const s = await api(page, 'storage');
    checkEqual(s.classes, [{ name: 'zonal-ssd', provisioner: 'ebs.csi.aws.com', volumeBindingMode: 'WaitForFirstConsumer' }],
      'classes');
    checkEqual(s.volumes.map((v) => [v.name, v.claim, v.zone]),
      [['pv-data-db-0', 'default/data-db-0', 'zone-a'], ['pv-data-db-1', 'default/data-db-1', 'zone-b'],
        ['pv-data-db-2', 'default/data-db-2', 'zone-c']], 'volumes and their zones');
    checkEqual(s.claims.map((c) => [c.claim, c.volume, c.zone, c.volumeBindingMode]),
      [['default/data-db-0', 'pv-data-db-0', 'zone-a', 'WaitForFirstConsumer'],
        ['default/data-db-1', 'pv-data-db-1', 'zone-b', 'WaitForFirstConsumer'],
        ['default/data-db-2', 'pv-data-db-2', 'zone-c', 'WaitForFirstConsumer']], 'claims');
    const db2 = s.pods.find((p) => p.pod === 'default/db-2');
    check(db2, `no db-2 among ${JSON.stringify(s.pods.map((p) => p.pod))}`);
    checkEqual(db2, { pod: 'default/db-2', node: null, claims: [{ volume: 'data', claim: 'data-db-2', ephemeral: false,
      state: 'bound', storageClass: 'zonal-ssd', volumeBindingMode: 'WaitForFirstConsumer', persistentVolume: 'pv-data-db-2',
      zone: 'zone-c', places: [{ key: 'topology.kubernetes.io/zone', values: ['zone-c'] }] }] }, 'db-2\'s claim');
    checkEqual(s.rejected, ['node-a1', 'node-a2', 'node-b1', 'node-b2'].map((node) =>
      ({ node, plugin: 'VolumeBinding', volumes: ['pv-data-db-2'] })), 'the nodes rejected for the volume\'s zone');

    // At PreFilter, before the filters run, the volume's zone is drawn, the rejections are not.
    for (let i = 0; i < 10 && (await api(page, 'step')).phase !== 'PreFilter'; i++);
    await frames(page, 3);
    let rects = await api(page, 'widgetRects');
    check(rects['volumeHome:zone-c'], 'zone C, where the volume lives, is drawn although it has no node');
    check(!rects['volumeRejected:node-a1'], 'a rejection shown before its filter ran');
    await playToDone(page);
    rects = await api(page, 'widgetRects');
    for (const node of ['node-a1', 'node-a2', 'node-b1', 'node-b2'])
      check(rects[`volumeRejected:${node}`], `${node}: no "volume is elsewhere" line`);
    check(rects['claim:data-db-2'], 'the Pending pod panel does not list the claim');
    await shot(page, 'storage-statefulset-done.png');

    // The hover of db-0's chip lists its claim.
    const chip = await rect(page, 'pod:db-0');
    await page.mouse.move(chip.x + chip.w / 2, chip.y + chip.h / 2);
    await frames(page, 4);
    await shot(page, 'storage-statefulset-hover-db-0.png');
    noErrors(logs);
    await ctx.close();
  });

  test('immediate-volume-spread.yaml: only zone B\'s nodes are rejected for the volume, which lives in zone A', async () => {
    const { page, ctx, logs } = await open('immediate-volume-spread.yaml');
    const s = await api(page, 'storage');
    checkEqual(s.pods.map((p) => [p.pod, p.claims.map((c) => [c.claim, c.state, c.volumeBindingMode, c.zone])]),
      [['default/web-1', [['data-web-1', 'bound', 'Immediate', 'zone-a']]]], 'the pods with claims');
    checkEqual(s.rejected.map((r) => r.node), ['node-b1', 'node-b2'], 'rejected for the volume');
    await playToDone(page);
    const rects = await api(page, 'widgetRects');
    check(rects['volumeHome:zone-a'], 'zone A is not marked as the volume\'s');
    check(rects['volumeRejected:node-b1'] && !rects['volumeRejected:node-a1'], 'the volume line on the wrong nodes');
    await shot(page, 'storage-immediate-done.png');
    noErrors(logs);
    await ctx.close();
  });

  // Issue 31: the story of zone-outage-statefulset.yaml, played from the Events panel's buttons
  // and stepped on the timeline as a teacher shows it. Tall enough for the three zones at once.
  test('zone-outage-statefulset.yaml: zone C fails, db-2 waits Pending for its disk there while web\'s pod moves; restore puts db-2 back on node-c1', async () => {
    const file = 'zone-outage-statefulset.yaml';
    const context = await newContext({ viewport: { width: 1440, height: 1300 } });
    const { page, ctx, logs } = await open(file, { context });
    const fail = 'fail topology.kubernetes.io/zone=zone-c';
    const cli = JSON.parse(execFileSync(CLI, ['simulate', join(EXAMPLES, file), '--step', fail, '--step', 'restore',
      '--format', 'json'], { encoding: 'utf8' }));
    const inside = (inner, outer) => inner && outer && inner.x >= outer.x && inner.y >= outer.y &&
      inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
    const nodeOf = async (pod) => JSON.parse(await api(page, 'scenario')).items
      .find((i) => i.kind === 'Pod' && i.metadata.name === pod)?.spec.nodeName ?? null;

    await clickWidget(page, 'events');
    await clickWidget(page, 'story:0');  // the story's first step: fail zone C
    await frames(page, 3);
    checkEqual((await api(page, 'status')).pendingPod, 'default/db-2', 'db-2 is the pod explained');
    const trace = await api(page, 'trace');
    checkEqual(trace.message, cli.steps[1].pending[0].message, 'kube-scheduler\'s message, as the CLI prints it');
    check(/^0\/4 nodes are available: 4 node\(s\) didn't match PersistentVolume's node affinity\./.test(trace.message),
      trace.message);
    let rects = await api(page, 'widgetRects');
    check(rects.message, 'the Decision panel shows the message');
    check(rects['failedNode:node-c1'] && rects['failedNode:node-c2'], 'zone C\'s nodes are greyed where they were');
    check(rects['volumeHome:zone-c'] && inside(rects['volumeHome:zone-c'], rects['domain:zone-c']),
      'db-2\'s disk is drawn in zone C');
    // web's pod on node-c1 moved: its replacement runs in zone B, as the CLI placed it.
    const moved = cli.steps[1].placements.find((p) => p.workload === 'Deployment/web');
    checkEqual(await nodeOf(moved.pod.split('/')[1]), moved.node, `${moved.pod} runs on ${moved.node}`);
    checkEqual((await api(page, 'workloads')).find((w) => w.name === 'web').spread[0].domains,
      { 'zone-a': 1, 'zone-b': 2 }, 'web: 1 in zone A, 2 in zone B');
    const db2 = (await api(page, 'storage')).pods.find((p) => p.pod === 'default/db-2');
    checkEqual([db2.node, db2.claims[0].persistentVolume, db2.claims[0].zone], [null, 'pvc-default-data-db-2', 'zone-c'],
      'db-2 Pending, its claim bound to the disk in zone C');
    await shot(page, 'story-statefulset-zone-c-failed.png');

    // Back on the timeline, beat by beat, to just before the outage: at every beat after it
    // the disk stays in zone C (db-2 Pending, web's replacement explained first), before it
    // db-2 carries it on node-c2.
    const { steps } = await api(page, 'timeline');
    const event = steps.findIndex((s) => s.actor === 'event' && s.message === fail);
    check(event > 0, `the outage is on the timeline: ${JSON.stringify(steps.map((s) => s.message))}`);
    for (let cursor = steps.length; cursor > event; cursor--) {
      rects = await api(page, 'widgetRects');
      check(rects['volumeHome:zone-c'] && inside(rects['volumeHome:zone-c'], rects['domain:zone-c']),
        `after beat ${cursor} (${steps[cursor - 1].actor}): db-2's disk is not drawn in zone C`);
      check(!rects['pod:db-2'], `after beat ${cursor}: db-2 is on a node`);
      if (cursor === event + 1) {
        check((await api(page, 'status')).pendingPod.startsWith('default/web-'), 'web\'s replacement is explained first');
        await shot(page, 'story-statefulset-step-through.png');
      }
      await clickWidget(page, 'timelineBack');
      await frames(page, 2);
    }
    checkEqual((await api(page, 'timeline')).cursor, event, 'Back went beat by beat');
    rects = await api(page, 'widgetRects');
    check(!rects['volumeHome:zone-c'], 'before the outage db-2 runs: no disk drawn apart from its chip');
    check(inside(rects['pod:db-2'], rects['node:node-c2']), 'before the outage db-2 is on node-c2');
    checkEqual((await api(page, 'scrubTo', steps.length)).cursor, steps.length, 'back to the end');

    // Restore, from the Events panel's button: db-2 goes back to its disk's zone, on node-c1.
    await clickWidget(page, 'eventRestore');
    await frames(page, 3);
    checkEqual(await api(page, 'events'), cli, 'the events and the pods are the CLI\'s');
    checkEqual(await nodeOf('db-2'), 'node-c1', 'db-2 is back on node-c1');
    checkEqual((await api(page, 'status')).pendingPod, null, 'no pod Pending');
    rects = await api(page, 'widgetRects');
    check(inside(rects['pod:db-2'], rects['node:node-c1']), 'the picture shows db-2 on node-c1');
    check(!rects['volumeHome:zone-c'], 'db-2 carries its disk again');
    await shot(page, 'story-statefulset-restored.png');
    noErrors(logs);
    await ctx.close();
  });
}
