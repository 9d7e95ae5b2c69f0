/** An HTML question's test case: the page has a `<input>` element whose text contains `output`. */
export interface HtmlCase {
  input: unknown;
  output: unknown;
  hidden?: boolean;
}

const collapse = (s: string) =>
  s
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * HTML is never run (spec): each case is checked on the text (ADR 0110). A case passes when the
 * page has an element of the tag named by `input` whose text, tags stripped and whitespace
 * collapsed, contains `output` (case-insensitive); an empty `output` asks only for the element.
 * Comments and script/style bodies are ignored.
 */
export function htmlCasePasses(code: string, c: HtmlCase): boolean {
  const tag = String(c.input ?? '')
    .trim()
    .toLowerCase();
  if (!/^[a-z][a-z0-9-]*$/.test(tag)) return false;
  const page = code.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
  const want = collapse(String(c.output ?? ''));
  const open = new RegExp(`<${tag}(\\s[^>]*)?>`, 'gi');
  for (let m = open.exec(page); m; m = open.exec(page)) {
    const rest = page.slice(m.index + m[0].length);
    const close = rest.search(new RegExp(`</${tag}\\s*>`, 'i'));
    const inner = close >= 0 ? rest.slice(0, close) : rest;
    if (want === '' || collapse(inner).includes(want)) return true;
  }
  return false;
}
