// Writes the gallery's index of the examples, for the page to list them without fetching
// them: [{file, title, description}] from each file's spreadlab.io/title and
// spreadlab.io/description annotations, in file-name order. Run by the web build:
//   node scripts/gallery-index.mjs EXAMPLES_DIR OUT.json
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, out] = process.argv.slice(2);

// A YAML file's `spreadlab.io/...: "..."` lines (double-quoted YAML scalars read as JSON strings).
function yamlAnnotations(text) {
  const ann = {};
  for (const m of text.matchAll(/^\s*(spreadlab\.io\/(?:title|description)):\s*"((?:[^"\\]|\\.)*)"\s*$/gm)) {
    try { ann[m[1]] = JSON.parse('"' + m[2] + '"'); } catch (e) { /* left out */ }
  }
  return ann;
}

const gallery = readdirSync(dir).filter((f) => /\.(json|yaml)$/.test(f) && f !== 'index.json').sort().map((file) => {
  const text = readFileSync(join(dir, file), 'utf8');
  let ann;
  try { ann = (JSON.parse(text).metadata || {}).annotations || {}; } catch (e) { ann = yamlAnnotations(text); }
  return { file, title: String(ann['spreadlab.io/title'] || ''), description: String(ann['spreadlab.io/description'] || '') };
});
writeFileSync(out, JSON.stringify(gallery) + '\n');
