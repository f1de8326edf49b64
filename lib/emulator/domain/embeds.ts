// Message embeds and their limits (the public API's; the spec's rule: more than 25 fields is an
// error, not a silent truncation). Embeds are kept as the plain JSON the sender gave, once valid.
import type { Validator } from './validate';
import { codePoints } from './limits';

export const EmbedLimits = {
  embeds: 10,
  fields: 25,
  title: 256,
  description: 4096,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  /** title, description, field names and values, footer text and author name of all embeds together. */
  total: 6000,
} as const;

function text(v: Validator, path: string, value: unknown, max: number, optional = true): number {
  const checked = v.string(path, value, { optional, max });
  return checked === undefined ? 0 : codePoints(checked);
}

/** Validates `embeds` (at most 10, each within the limits, 6000 characters in all); the embeds to keep. */
export function validateEmbeds(v: Validator, value: unknown): Record<string, unknown>[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    v.fail('embeds', 'LIST_TYPE_CONVERT', 'Must be an array.');
    return undefined;
  }
  if (value.length > EmbedLimits.embeds) {
    v.fail('embeds', 'BASE_TYPE_MAX_LENGTH', `Must be ${EmbedLimits.embeds} or fewer in length.`);
    return undefined;
  }
  let total = 0;
  const kept: Record<string, unknown>[] = [];
  value.forEach((item, index) => {
    const path = `embeds.${index}`;
    const embed = v.object(path, item);
    if (!embed) return;
    total += text(v, `${path}.title`, embed.title, EmbedLimits.title);
    total += text(v, `${path}.description`, embed.description, EmbedLimits.description);
    v.string(`${path}.url`, embed.url, { optional: true, max: 2048 });
    if (embed.color !== undefined && embed.color !== null) v.int(`${path}.color`, embed.color, { min: 0, max: 0xffffff });
    const footer = v.object(`${path}.footer`, embed.footer, true);
    if (footer) total += text(v, `${path}.footer.text`, footer.text, EmbedLimits.footerText, false);
    const author = v.object(`${path}.author`, embed.author, true);
    if (author) total += text(v, `${path}.author.name`, author.name, EmbedLimits.authorName, false);
    if (embed.fields !== undefined && embed.fields !== null) {
      if (!Array.isArray(embed.fields)) {
        v.fail(`${path}.fields`, 'LIST_TYPE_CONVERT', 'Must be an array.');
      } else if (embed.fields.length > EmbedLimits.fields) {
        // The spec: an error, never a truncation to the first 25.
        v.fail(`${path}.fields`, 'BASE_TYPE_MAX_LENGTH', `Must be ${EmbedLimits.fields} or fewer in length.`);
      } else {
        embed.fields.forEach((f: unknown, i: number) => {
          const field = v.object(`${path}.fields.${i}`, f);
          if (!field) return;
          total += text(v, `${path}.fields.${i}.name`, field.name, EmbedLimits.fieldName, false);
          total += text(v, `${path}.fields.${i}.value`, field.value, EmbedLimits.fieldValue, false);
          v.bool(`${path}.fields.${i}.inline`, field.inline, { optional: true });
        });
      }
    }
    kept.push({ type: 'rich', ...embed });
  });
  if (total > EmbedLimits.total) v.fail('embeds', 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${EmbedLimits.total}`);
  return kept;
}
