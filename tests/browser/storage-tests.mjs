// Browser tests of storage in the lab (issue 30): the volume badges, the claims in a pod's
// hover, the volume's zone marked on the picture when the pending pod's nodes are rejected
// for it, the Pending pod panel's claims, and window.spreadlab.storage().
// Registered by run.mjs, whose harness they use.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function storageTests(h) {
  const { test, openLab, api, frames, check, checkEqual, rect, shot, EXAMPLES } = h;

  const open = async (file) => {
    const lab = await openLab('/');
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
}
