import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * A QTI 3.0 package of `items` items cycling through every mapped interaction (single and
 * multiple choice, inline choices, text entries, extended text with upload, matching, ordering),
 * every tenth with an image (20 distinct images shared), and a test listing them in order.
 */
export function bigPackage(items: number): Buffer {
  const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const files: Zippable = {};
  const resources: string[] = [];
  const refs: string[] = [];
  for (let m = 0; m < 20; m++) {
    files[`media/img${m}.png`] = Buffer.concat([png, Buffer.from(`#${m}`)]);
    resources.push(
      `<resource identifier="m${m}" type="webcontent" href="media/img${m}.png"><file href="media/img${m}.png"/></resource>`,
    );
  }
  const decl = (id: string, card: string, base: string, values: string[]) =>
    `<qti-response-declaration identifier="${id}" cardinality="${card}" base-type="${base}"><qti-correct-response>${values
      .map((v) => `<qti-value>${v}</qti-value>`)
      .join('')}</qti-correct-response></qti-response-declaration>`;
  const choices = (tag: string, n: number) =>
    Array.from({ length: n }, (_, i) => `<qti-${tag} identifier="C${i}">Option ${i} with some words</qti-${tag}>`).join(
      '',
    );
  for (let i = 1; i <= items; i++) {
    const id = `item-${i}`;
    const img = i % 10 === 0 ? `<p><img src="../media/img${i % 20}.png" alt="Figure ${i}"/></p>` : '';
    const stem = `<p>Question ${i}: read the statement carefully and answer. Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>${img}`;
    let body: string;
    let decls: string;
    switch (i % 7) {
      case 0:
        decls = decl('R', 'single', 'identifier', ['C1']);
        body = `${stem}<qti-choice-interaction response-identifier="R" max-choices="1">${choices('simple-choice', 4)}</qti-choice-interaction>`;
        break;
      case 1:
        decls = decl('R', 'multiple', 'identifier', ['C0', 'C2']);
        body = `${stem}<qti-choice-interaction response-identifier="R" max-choices="0">${choices('simple-choice', 5)}</qti-choice-interaction>`;
        break;
      case 2:
        decls = decl('A', 'single', 'identifier', ['C0']) + decl('B', 'single', 'identifier', ['C1']);
        body = `<p>Fill: <qti-inline-choice-interaction response-identifier="A">${choices('inline-choice', 3)}</qti-inline-choice-interaction> and <qti-inline-choice-interaction response-identifier="B">${choices('inline-choice', 3)}</qti-inline-choice-interaction>.</p>`;
        break;
      case 3:
        decls = decl('A', 'single', 'string', ['alpha']) + decl('B', 'single', 'string', ['beta']);
        body = `<p>Type <qti-text-entry-interaction response-identifier="A"/> then <qti-text-entry-interaction response-identifier="B"/>.</p>`;
        break;
      case 4:
        decls = decl('T', 'single', 'string', []) + decl('F', 'single', 'file', []);
        body = `${stem}<qti-extended-text-interaction response-identifier="T"/><qti-upload-interaction response-identifier="F"/>`;
        break;
      case 5: {
        const set = (p: string) =>
          `<qti-simple-match-set>${[0, 1, 2, 3].map((k) => `<qti-simple-associable-choice identifier="${p}${k}">${p} item ${k}</qti-simple-associable-choice>`).join('')}</qti-simple-match-set>`;
        decls = decl('R', 'multiple', 'directedPair', ['A0 B1', 'A1 B0', 'A2 B3', 'A3 B2']);
        body = `${stem}<qti-match-interaction response-identifier="R">${set('A')}${set('B')}</qti-match-interaction>`;
        break;
      }
      default:
        decls = decl('R', 'ordered', 'identifier', ['C2', 'C0', 'C1']);
        body = `${stem}<qti-order-interaction response-identifier="R">${choices('simple-choice', 3)}</qti-order-interaction>`;
    }
    files[`items/${id}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8"?>\n<qti-assessment-item xmlns="${NS}" identifier="${id}" title="Item ${i}">${decls}<qti-item-body>${body}</qti-item-body></qti-assessment-item>\n`,
    );
    resources.push(
      `<resource identifier="${id}" type="imsqti_item_xmlv3p0" href="items/${id}.xml"><file href="items/${id}.xml"/></resource>`,
    );
    refs.push(`<qti-assessment-item-ref identifier="${id}" href="items/${id}.xml"/>`);
  }
  files['test.xml'] = strToU8(
    `<qti-assessment-test xmlns="${NS}" identifier="bench" title="Bench ${items} items"><qti-test-part identifier="p"><qti-assessment-section identifier="s" title="s">${refs.join('')}</qti-assessment-section></qti-test-part></qti-assessment-test>`,
  );
  resources.unshift(
    '<resource identifier="test" type="imsqti_test_xmlv3p0" href="test.xml"><file href="test.xml"/></resource>',
  );
  files['imsmanifest.xml'] = strToU8(
    `<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="bench"><resources>${resources.join('')}</resources></manifest>`,
  );
  return Buffer.from(zipSync(files, { level: 6 }));
}

/** A roster of `rows` new candidates in 2 organisations and 20 groups. */
export function bigRoster(rows: number, tag = 'bench'): string {
  const lines = ['first name,last name,e-mail,contact number,organisation,group'];
  for (let i = 0; i < rows; i++) {
    const org = i % 2 ? 'Bench Org A' : 'Bench Org B';
    lines.push(`First${i},Last${i},${tag}.${i}@bench.example,${String(9_000_000_000 + i)},${org},Group ${i % 20}`);
  }
  return `${lines.join('\n')}\n`;
}
