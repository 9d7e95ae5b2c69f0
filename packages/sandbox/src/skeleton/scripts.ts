import type { Generated, LanguageGenerator } from './language.ts';
import type { Signature, Value, ValueType } from './signature.ts';

/* ------------------------------------------------------------- Python */

const PY_TYPES: Record<ValueType['base'], string> = {
  int: 'int',
  long: 'int',
  double: 'float',
  bool: 'bool',
  char: 'str',
  string: 'str',
};
const pyType = (t: ValueType) => (t.array ? `List[${PY_TYPES[t.base]}]` : PY_TYPES[t.base]);

function pyLiteral(t: ValueType, v: Value): string {
  if (t.array) return `[${(v as Value[]).map((x) => pyLiteral({ ...t, array: false }, x)).join(', ')}]`;
  if (t.base === 'bool') return v ? 'True' : 'False';
  if (t.base === 'string' || t.base === 'char') return JSON.stringify(String(v));
  if (t.base === 'double') return Number.isInteger(v) ? `${v}.0` : String(v);
  return String(v);
}

const PY_PARSE: Record<ValueType['base'], string> = {
  int: 'int(_l().strip())',
  long: 'int(_l().strip())',
  double: 'float(_l().strip())',
  bool: "_l().strip() in ('true', '1')",
  char: "(_l() or ' ')[0]",
  string: '_l()',
};

export const pythonGenerator: LanguageGenerator = {
  skeleton(sig: Signature, values: Value[]) {
    const params = ['self', ...sig.params.map((p) => `${p.name}: ${pyType(p.type)}`)].join(', ');
    const rt = sig.returns ? pyType(sig.returns) : 'None';
    const args = sig.params.map((p, i) => pyLiteral(p.type, values[i])).join(', ');
    return `from typing import List


class ${sig.classname}:
    def ${sig.methodname}(${params}) -> ${rt}:
        # Write your code here
        pass


if __name__ == "__main__":
    print(${sig.classname}().${sig.methodname}(${args}))
`;
  },
  harness(sig: Signature, code: string): Generated {
    const reads = sig.params
      .map((p) =>
        p.type.array
          ? `_args.append([${PY_PARSE[p.type.base]} for _ in range(int(_l().strip()))])`
          : `_args.append(${PY_PARSE[p.type.base]})`,
      )
      .join('\n');
    const harness = `import sys, types
_in = sys.stdin.read().split('\\n')
_pos = 0
def _l():
    global _pos
    s = _in[_pos] if _pos < len(_in) else ''
    _pos += 1
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == '\\\\' and i + 1 < len(s):
            i += 1
            c = {'n': '\\n', 'r': '\\r'}.get(s[i], s[i])
        out.append(c)
        i += 1
    return ''.join(out)
def _fmt(v):
    if isinstance(v, bool): return 'true' if v else 'false'
    if isinstance(v, (list, tuple)): return ' '.join(_fmt(x) for x in v)
    return str(v)
_args = []
${reads}
_src = open('/box/solution.py', encoding='utf-8').read()
_mod = types.ModuleType('solution')
sys.modules['solution'] = _mod
exec(compile(_src, 'solution.py', 'exec'), _mod.__dict__)
_cls = getattr(_mod, ${JSON.stringify(sig.classname)}, None)
_fn = getattr(_cls(), ${JSON.stringify(sig.methodname)}) if _cls is not None and hasattr(_cls, ${JSON.stringify(sig.methodname)}) else getattr(_mod, ${JSON.stringify(sig.methodname)})
_r = _fn(*_args)
${sig.returns ? 'sys.stdout.flush()\nprint()\nprint(_fmt(_r))' : ''}
`;
    return { files: { 'solution.py': code, 'main.py': harness } };
  },
};

/* --------------------------------------------------------- JavaScript */

const JS_DOC: Record<ValueType['base'], string> = {
  int: 'number',
  long: 'number',
  double: 'number',
  bool: 'boolean',
  char: 'string',
  string: 'string',
};
const JS_PARSE: Record<ValueType['base'], string> = {
  int: 'Number(l())',
  long: 'Number(l())',
  double: 'Number(l())',
  bool: "['true', '1'].includes(l().trim())",
  char: "(l() || ' ')[0]",
  string: 'l()',
};

export const javascriptGenerator: LanguageGenerator = {
  skeleton(sig: Signature, values: Value[]) {
    const docs = sig.params
      .map((p) => `   * @param {${JS_DOC[p.type.base]}${p.type.array ? '[]' : ''}} ${p.name}\n`)
      .join('');
    const ret = sig.returns ? `   * @return {${JS_DOC[sig.returns.base]}${sig.returns.array ? '[]' : ''}}\n` : '';
    const args = values.map((v) => JSON.stringify(v)).join(', ');
    return `class ${sig.classname} {
  /**
${docs}${ret}   */
  ${sig.methodname}(${sig.params.map((p) => p.name).join(', ')}) {
    // Write your code here
  }
}

if (require.main === module) {
  console.log(new ${sig.classname}().${sig.methodname}(${args}));
}
`;
  },
  harness(sig: Signature, code: string): Generated {
    const C = sig.classname;
    const M = sig.methodname;
    const footer = `\n;module.exports.__invigil = { cls: typeof ${C} !== 'undefined' ? ${C} : undefined, fn: typeof ${M} !== 'undefined' ? ${M} : undefined };\n`;
    const reads = sig.params
      .map((p) =>
        p.type.array
          ? `args.push(Array.from({ length: Number(l()) }, () => ${JS_PARSE[p.type.base]}));`
          : `args.push(${JS_PARSE[p.type.base]});`,
      )
      .join('\n');
    const harness = `'use strict';
const lines = require('fs').readFileSync(0, 'utf8').split('\\n');
let pos = 0;
const l = () => (lines[pos++] ?? '').replace(/\\\\(.)/g, (_, c) => (c === 'n' ? '\\n' : c === 'r' ? '\\r' : c));
const fmt = (v) => (Array.isArray(v) ? v.map(fmt).join(' ') : String(v));
const args = [];
${reads}
const m = require('/box/solution.js').__invigil || {};
let fn = m.fn;
if (m.cls && typeof m.cls.prototype?.[${JSON.stringify(M)}] === 'function') { const o = new m.cls(); fn = o[${JSON.stringify(M)}].bind(o); }
else if (m.cls && typeof m.cls[${JSON.stringify(M)}] === 'function') fn = m.cls[${JSON.stringify(M)}].bind(m.cls);
if (typeof fn !== 'function') { console.error(${JSON.stringify(`${M} is not defined`)}); process.exit(1); }
const r = fn(...args);
${sig.returns ? "process.stdout.write('\\n' + fmt(r) + '\\n');" : ''}
`;
    return { files: { 'solution.js': code + footer, 'main.js': harness } };
  },
};
