import { describe, expect, it } from 'vitest';
import { MediaBag } from './media-bag.ts';
import { mapItem, type ItemResult } from './qti-item.ts';
import { parseXml } from './safe-xml.ts';

/** One interaction mapping each (ADR 0151), on small items in QTI 3.0 and 2.2 spelling. */
const V3 = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const V22 = 'http://www.imsglobal.org/xsd/imsqti_v2p2';
const decl = (id: string, card: string, values: string[], base = 'identifier') =>
  `<qti-response-declaration identifier="${id}" cardinality="${card}" base-type="${base}"><qti-correct-response>${values
    .map((v) => `<qti-value>${v}</qti-value>`)
    .join('')}</qti-correct-response></qti-response-declaration>`;
const item3 = (decls: string, body: string, id = 'i1') =>
  `<qti-assessment-item xmlns="${V3}" identifier="${id}">${decls}<qti-item-body>${body}</qti-item-body></qti-assessment-item>`;
const map = (xml: string, files = new Map<string, Buffer>()) =>
  mapItem(parseXml(xml), 'items/i1.xml', new MediaBag(files));
const ok = (r: ItemResult) => {
  if (!r.ok) throw new Error(r.reasons.join('; '));
  return r.item;
};
const choices3 = (ids: string[]) =>
  ids.map((i) => `<qti-simple-choice identifier="${i}">${i}</qti-simple-choice>`).join('');

describe('choiceInteraction', () => {
  it('single cardinality: Single Choice (1), the correct choice flagged', () => {
    const q = ok(
      map(
        item3(
          decl('R', 'single', ['B']),
          `<p>Pick</p><qti-choice-interaction response-identifier="R" max-choices="1">${choices3(['A', 'B', 'C'])}</qti-choice-interaction>`,
        ),
      ),
    ).question;
    expect(q).toMatchObject({ type: 1, typeName: 'Single Choice', text: '<p>Pick</p>', marks: 1 });
    expect(q.choices!.map((c) => [c.text, c.correct])).toEqual([
      ['A', false],
      ['B', true],
      ['C', false],
    ]);
  });

  it('multiple cardinality: Multiple Choice (2); the prompt becomes the text', () => {
    const q = ok(
      map(
        item3(
          decl('R', 'multiple', ['A', 'C']),
          `<qti-choice-interaction response-identifier="R" max-choices="0"><qti-prompt>Pick <em>all</em></qti-prompt>${choices3(['A', 'B', 'C'])}</qti-choice-interaction>`,
        ),
      ),
    ).question;
    expect(q).toMatchObject({ type: 2, text: '<p>Pick <em>all</em></p>' });
    expect(q.choices!.filter((c) => c.correct).map((c) => c.text)).toEqual(['A', 'C']);
  });

  it('a mapping without a correct response: the positively mapped choices, marks from the mapping', () => {
    const xml = `<assessmentItem xmlns="${V22}" identifier="m"><responseDeclaration identifier="R" cardinality="single" baseType="identifier"><mapping><mapEntry mapKey="A" mappedValue="0"/><mapEntry mapKey="B" mappedValue="3"/></mapping></responseDeclaration><itemBody><p>Q</p><choiceInteraction responseIdentifier="R" maxChoices="1"><simpleChoice identifier="A">a</simpleChoice><simpleChoice identifier="B">b</simpleChoice></choiceInteraction></itemBody></assessmentItem>`;
    const q = ok(map(xml)).question;
    expect(q.marks).toBe(3);
    expect(q.choices!.map((c) => c.correct)).toEqual([false, true]);
  });

  it('refuses duplicate choice identifiers and a correct response that is no choice', () => {
    const r = map(
      item3(
        decl('R', 'single', ['Z']),
        `<p>Q</p><qti-choice-interaction response-identifier="R">${choices3(['A', 'A'])}</qti-choice-interaction>`,
      ),
    );
    expect(r).toEqual({
      ok: false,
      identifier: 'i1',
      reasons: ['Duplicate identifier "A" among the simpleChoices.', 'The correct response "Z" is no choice.'],
    });
  });
});

describe('blanks', () => {
  const inline = (id: string, opts: string[]) =>
    `<qti-inline-choice-interaction response-identifier="${id}">${opts.map((o) => `<qti-inline-choice identifier="${o}">${o}</qti-inline-choice>`).join('')}</qti-inline-choice-interaction>`;

  it('inlineChoiceInteraction: Multiple Choice With Blanks (3), markers ___(i)___ in the text, one key per blank', () => {
    const q = ok(
      map(
        item3(
          decl('B1', 'single', ['x2']) + decl('B2', 'single', ['y1']),
          `<p>A ${inline('B1', ['x1', 'x2'])} and ${inline('B2', ['y1', 'y2'])}.</p>`,
        ),
      ),
    ).question;
    expect(q.text).toBe('<p>A ___(i)___ and ___(ii)___.</p>');
    expect(q.choices).toEqual([
      { text: 'x1', blank: 'BLANK1', correct: false },
      { text: 'x2', blank: 'BLANK1', correct: true },
      { text: 'y1', blank: 'BLANK2', correct: true },
      { text: 'y2', blank: 'BLANK2', correct: false },
    ]);
  });

  it('refuses more than three blanks, and a blank without exactly one key', () => {
    const four = ['a', 'b', 'c', 'd'].map((b) => inline(b, ['o'])).join(' ');
    const r = map(item3(['a', 'b', 'c', 'd'].map((b) => decl(b, 'single', ['o'])).join(''), `<p>${four}</p>`));
    expect(r.ok || r.reasons).toEqual(['4 inline choices: at most 3 blanks.']);
    const none = map(item3('', `<p>Pick ${inline('a', ['o', 'p'])}</p>`));
    expect(none.ok || none.reasons).toEqual(['Blank 1 needs exactly one correct inline choice.']);
  });

  it('textEntryInteraction: Fill in the Blanks (5), inline ones marked ___(n)___, a lone one in its paragraph dropped', () => {
    const q = ok(
      map(
        item3(
          decl('A', 'single', ['Paris'], 'string') + decl('B', 'single', ['Rome'], 'string'),
          '<p>France: <qti-text-entry-interaction response-identifier="A"/></p><p><qti-text-entry-interaction response-identifier="B"/></p>',
        ),
      ),
    ).question;
    expect(q).toMatchObject({
      type: 5,
      text: '<p>France: ___(1)___</p>',
      content: { lines: 2 },
      answerKey: { answers: ['Paris', 'Rome'] },
    });
  });

  it('refuses a text entry without a correct response, and blanks of both kinds in one item', () => {
    const r = map(item3('', '<p>X <qti-text-entry-interaction response-identifier="A"/></p>'));
    expect(r.ok || r.reasons).toEqual(['Text entry 1 has no correct response.']);
    const mixed = map(
      item3(
        decl('A', 'single', ['o']) + decl('B', 'single', ['x'], 'string'),
        `<p>${inline('A', ['o'])} <qti-text-entry-interaction response-identifier="B"/></p>`,
      ),
    );
    expect(mixed.ok || mixed.reasons).toEqual([
      'Interactions of different kinds in one item (inlineChoiceInteraction, textEntryInteraction) have no Invigil question type.',
    ]);
  });
});

describe('descriptive and upload', () => {
  it.each([
    [
      'extendedTextInteraction and uploadInteraction',
      '<qti-extended-text-interaction response-identifier="T"/><qti-upload-interaction response-identifier="F"/>',
      {},
    ],
    [
      'extendedTextInteraction alone',
      '<qti-extended-text-interaction response-identifier="T"/>',
      { fileUpload: false },
    ],
    ['uploadInteraction alone', '<qti-upload-interaction response-identifier="F"/>', { textAnswer: false }],
  ])('%s: Descriptive (4)', (_name, body, content) => {
    const q = ok(map(item3('', `<p>Write</p>${body}`))).question;
    expect(q).toMatchObject({ type: 4, typeName: 'Descriptive', text: '<p>Write</p>', content, choices: [] });
  });
});

describe('two-column matching', () => {
  const set = (ids: string[]) =>
    `<qti-simple-match-set>${ids.map((i) => `<qti-simple-associable-choice identifier="${i}">${i}</qti-simple-associable-choice>`).join('')}</qti-simple-match-set>`;

  it('matchInteraction: Match the Following (7), Column A ids 1.., Column B 101.., pairs as the seed keeps them', () => {
    const q = ok(
      map(
        item3(
          decl('R', 'multiple', ['a y', 'b x'], 'directedPair'),
          `<p>Match</p><qti-match-interaction response-identifier="R">${set(['a', 'b'])}${set(['x', 'y', 'z'])}</qti-match-interaction>`,
        ),
      ),
    ).question;
    expect(q).toMatchObject({
      type: 7,
      content: {
        columnA: [
          { id: 1, text: 'a' },
          { id: 2, text: 'b' },
        ],
        columnB: [
          { id: 101, text: 'x' },
          { id: 102, text: 'y' },
          { id: 103, text: 'z' },
        ],
      },
      answerKey: {
        pairs: [
          [1, 102],
          [2, 101],
        ],
      },
    });
  });

  it('refuses many-to-one matching', () => {
    const r = map(
      item3(
        decl('R', 'multiple', ['a x', 'b x'], 'directedPair'),
        `<p>M</p><qti-match-interaction response-identifier="R">${set(['a', 'b'])}${set(['x', 'y'])}</qti-match-interaction>`,
      ),
    );
    expect(r.ok || r.reasons).toContain('Only one-to-one matches map to two-column matching.');
  });

  it('orderInteraction: positions in Column A, the items in Column B, the correct order as pairs', () => {
    const q = ok(
      map(
        item3(
          decl('R', 'ordered', ['c', 'a', 'b']),
          `<p>Order</p><qti-order-interaction response-identifier="R">${choices3(['a', 'b', 'c'])}</qti-order-interaction>`,
        ),
      ),
    ).question;
    expect(q).toMatchObject({
      type: 7,
      content: {
        ordering: true,
        columnA: [
          { id: 1, text: '1' },
          { id: 2, text: '2' },
          { id: 3, text: '3' },
        ],
      },
      answerKey: {
        pairs: [
          [1, 103],
          [2, 101],
          [3, 102],
        ],
      },
    });
  });
});

describe('what cannot be mapped, and media', () => {
  it('an unknown interaction, a template item, an item without interaction', () => {
    expect(map(item3('', '<p>Q</p><qti-hotspot-interaction response-identifier="R"/>'))).toEqual({
      ok: false,
      identifier: 'i1',
      reasons: ['hotspotInteraction has no Invigil question type.'],
    });
    const tpl = `<qti-assessment-item xmlns="${V3}" identifier="t"><qti-template-declaration identifier="X" cardinality="single" base-type="integer"/><qti-item-body><p>Q</p><qti-extended-text-interaction response-identifier="R"/></qti-item-body></qti-assessment-item>`;
    expect(map(tpl).ok || (map(tpl) as { reasons: string[] }).reasons).toEqual([
      'Template items (values generated per candidate) are not supported.',
    ]);
    expect((map(item3('', '<p>Only text</p>')) as { reasons: string[] }).reasons).toEqual([
      'The item has no interaction to answer.',
    ]);
  });

  it('images are stored and their src rewritten; a marked resource becomes the question resource; scripts and handlers go', () => {
    const files = new Map([['images/a.png', Buffer.from('\x89PNG\r\n\x1a\n', 'latin1')]]);
    const q = ok(
      map(
        item3(
          '',
          '<p onclick="x()" style="color:red">See <img src="../images/a.png" alt="A"/></p><img class="invigil-resource" src="../images/a.png"/><qti-extended-text-interaction response-identifier="R"/>',
        ),
        files,
      ),
    ).question;
    expect(q.text).toMatch(/^<p>See <img src="\/media\/items\/[a-f0-9]{32}\/1-a\.png" alt="A"\/><\/p>$/);
    expect(q.resourcePath).toMatch(/^\/media\/items\/[a-f0-9]{32}\/1-a\.png$/);
  });

  it('data-* attributes of item markup are dropped: an answer put in one never reaches the candidate (ADR 0190)', () => {
    const q = ok(
      map(
        item3(
          '',
          '<p data-answer="42" class="q" data-hint="forty-two">How many?</p><qti-extended-text-interaction response-identifier="R"/>',
        ),
      ),
    ).question;
    expect(q.text).toBe('<p class="q">How many?</p>');
  });

  it("refuses a question resource the view cannot show (not in the spec's media lists); inline it is fine", () => {
    const files = new Map([['items/logo.webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1')]]);
    const r = map(
      item3(
        '',
        '<p>Q</p><img class="invigil-resource" src="logo.webp"/><qti-extended-text-interaction response-identifier="R"/>',
      ),
      files,
    );
    expect(r.ok || r.reasons).toEqual([
      '"logo.webp" is not of a media type a question resource can show (the spec\'s lists).',
    ]);
    expect(
      map(
        item3('', '<p>Q <img src="logo.webp" alt="L"/></p><qti-extended-text-interaction response-identifier="R"/>'),
        files,
      ).ok,
    ).toBe(true);
  });

  it('refuses script, frames, forms and styles in any case, and data: URIs that are not media', () => {
    const r = map(
      item3(
        '',
        '<p>Q<script>alert(1)</script><SCRIPT>alert(2)</SCRIPT></p><iframe src="x.png"/><style>p{}</style><form><input/></form>' +
          '<img src="data:image/png;base64,iVBORw0KGgo=" alt="ok"/><a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>' +
          '<img src="data:image/svg+xml;base64,PHN2Zz4="/><qti-extended-text-interaction response-identifier="R"/>',
      ),
    );
    expect(r.ok || r.reasons).toEqual([
      '<script> is not allowed in question content.',
      '<SCRIPT> is not allowed in question content.',
      '<iframe> is not allowed in question content.',
      '<style> is not allowed in question content.',
      '<form> is not allowed in question content.',
      '"data:text/html,<script>alert(1)</script>" is not allowed: a data: URI must be a picture, audio or video.',
      '"data:image/svg+xml;base64,PHN2Zz4=" is not allowed: a data: URI must be a picture, audio or video.',
    ]);
  });

  it('refuses media whose bytes are not of their extension’s type (ADR 0190)', () => {
    const files = new Map([
      ['items/page.png', Buffer.from('<html><script>alert(1)</script></html>')],
      ['items/real.png', Buffer.from('\x89PNG\r\n\x1a\n', 'latin1')],
    ]);
    const r = map(
      item3(
        '',
        '<p><img src="page.png"/><img src="real.png"/><img src="page.png"/></p><qti-extended-text-interaction response-identifier="R"/>',
      ),
      files,
    );
    const reason =
      '"items/page.png" is not what its name says: a .png file must be a PNG picture, and its first bytes are not.';
    expect(r.ok || r.reasons).toEqual([reason]);
  });

  it('refuses data: URIs whose bytes are not of their declared type (ADR 0196)', () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const r = map(
      item3(
        '',
        `<p><img src="data:image/png;base64,${html}"/><img src="data:image/png;base64,iVBORw0KGgo="/></p><qti-extended-text-interaction response-identifier="R"/>`,
      ),
    );
    expect(r.ok || r.reasons).toEqual([
      `"data:image/png;base64,${html.slice(0, 38)}" is not what it says: its data must be a PNG picture, and its first bytes are not.`,
    ]);
  });

  it('refuses media outside the package, missing or of an unknown type', () => {
    const files = new Map([['items/run.exe', Buffer.from('MZ')]]);
    const r = map(
      item3(
        '',
        '<p><img src="http://evil.example/x.png"/><img src="nope.png"/><img src="run.exe"/></p><qti-extended-text-interaction response-identifier="R"/>',
      ),
      files,
    );
    expect(r.ok || r.reasons).toEqual([
      '"http://evil.example/x.png" is outside the package; put the file in the package.',
      '"items/nope.png" is referenced but not in the package.',
      '"items/run.exe" is not a supported media type.',
    ]);
  });
});
