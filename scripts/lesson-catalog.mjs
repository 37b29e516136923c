// Writes the lessons' catalog, for the page to list every lesson in the Lessons menu and
// lessons() without fetching them: [{id, title, summary, steps, files}] in the order of
// lessons/index.json, `steps` how many steps a lesson has, `files` the scenarios its steps
// open (fetched with the lesson when it is opened). Run by the web build:
//   node scripts/lesson-catalog.mjs EXAMPLES_DIR OUT.json
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, out] = process.argv.slice(2);
const read = (path) => {
  try {
    return JSON.parse(readFileSync(join(dir, path), 'utf8'));
  } catch (e) {
    console.error(`lesson-catalog: ${join(dir, path)}: ${e.message}`);
    process.exit(1);
  }
};

const catalog = read('lessons/index.json').lessons.map((id) => {
  const lesson = read(`lessons/${id}.json`);
  if (lesson.id !== id) {
    console.error(`lesson-catalog: ${join(dir, 'lessons', id + '.json')}: its id must be "${id}", the name index.json gives it`);
    process.exit(1);
  }
  const steps = lesson.steps || [];
  const files = [...new Set(steps.map((s) => s.scenario).filter(Boolean))];
  return { id, title: String(lesson.title || id), summary: String(lesson.summary || ''), steps: steps.length, files };
});
writeFileSync(out, JSON.stringify(catalog) + '\n');
