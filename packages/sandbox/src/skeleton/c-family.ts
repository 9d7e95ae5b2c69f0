import type { Param, Signature, Value, ValueType } from './signature.ts';
import type { Generated, LanguageGenerator } from './language.ts';

const MARK = 'Write your code here';

/** Marks where the driver starts: its diagnostics are labelled as the harness's and its unused helpers stay quiet. */
const HARNESS_START = (ext: string) =>
  `#line 1 "invigil-harness.${ext}"\n#pragma GCC diagnostic ignored "-Wunused-function"\n#pragma GCC diagnostic ignored "-Wunused-variable"\n`;

function cString(s: string): string {
  return JSON.stringify(s); // JSON escapes are valid C escapes for the characters it emits
}
function cChar(c: string): string {
  return c === "'" ? "'\\''" : c === '\\' ? "'\\\\'" : `'${c}'`;
}

/* ------------------------------------------------------------------ C */

const C_TYPES: Record<ValueType['base'], string> = {
  int: 'int',
  long: 'long long',
  double: 'double',
  bool: 'bool',
  char: 'char',
  string: 'char*',
};
const C_FMT: Record<ValueType['base'], string> = {
  int: '%d',
  long: '%lld',
  double: '%.10g',
  bool: '%s',
  char: '%c',
  string: '%s',
};

function cParams(sig: Signature): string {
  const parts = sig.params.flatMap((p) =>
    p.type.array ? [`${C_TYPES[p.type.base]}* ${p.name}`, `int ${p.name}Size`] : [`${C_TYPES[p.type.base]} ${p.name}`],
  );
  if (sig.returns?.array) parts.push('int* returnSize');
  return parts.length ? parts.join(', ') : 'void';
}

function cLiteral(t: ValueType, v: Value): string {
  const one = (x: Value) =>
    t.base === 'string'
      ? cString(String(x))
      : t.base === 'char'
        ? cChar(String(x))
        : t.base === 'bool'
          ? x
            ? 'true'
            : 'false'
          : t.base === 'long'
            ? `${x}LL`
            : String(x);
  return one(v);
}

function cDefaultReturn(t: ValueType | null): string {
  if (!t) return '';
  if (t.array) return '    *returnSize = 0;\n    return NULL;\n';
  return `    return ${t.base === 'string' ? '""' : t.base === 'bool' ? 'false' : t.base === 'char' ? "' '" : '0'};\n`;
}

function cPrint(t: ValueType, expr: string, size = 'invigil_n'): string {
  const item = (e: string) => (t.base === 'bool' ? `${e} ? "true" : "false"` : e);
  if (!t.array) return `printf("${C_FMT[t.base]}\\n", ${item(expr)});`;
  return `for (int invigil_i = 0; invigil_i < ${size}; invigil_i++) printf(invigil_i ? " ${C_FMT[t.base]}" : "${C_FMT[t.base]}", ${item(`${expr}[invigil_i]`)});\n    printf("\\n");`;
}

const C_READERS = `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
static char *invigil_line(void) {
    char *buf = NULL; size_t cap = 0; ssize_t n = getline(&buf, &cap, stdin);
    if (n < 0) { free(buf); buf = malloc(1); buf[0] = 0; return buf; }
    if (n > 0 && buf[n - 1] == '\\n') buf[--n] = 0;
    char *w = buf;
    for (char *r = buf; *r; r++) {
        if (*r == '\\\\' && r[1]) { r++; *w++ = *r == 'n' ? '\\n' : *r == 'r' ? '\\r' : *r; } else *w++ = *r;
    }
    *w = 0;
    return buf;
}
static long long invigil_ll(void) { char *s = invigil_line(); long long v = strtoll(s, NULL, 10); free(s); return v; }
static double invigil_d(void) { char *s = invigil_line(); double v = strtod(s, NULL); free(s); return v; }
static bool invigil_b(void) { char *s = invigil_line(); bool v = strcmp(s, "true") == 0 || strcmp(s, "1") == 0; free(s); return v; }
static char invigil_c(void) { char *s = invigil_line(); char v = s[0]; free(s); return v; }
`;

const C_READ: Record<ValueType['base'], string> = {
  int: '(int)invigil_ll()',
  long: 'invigil_ll()',
  double: 'invigil_d()',
  bool: 'invigil_b()',
  char: 'invigil_c()',
  string: 'invigil_line()',
};

function cReadParam(p: Param, decl: string): string {
  if (!p.type.array) return `    ${decl} ${p.name} = ${C_READ[p.type.base]};\n`;
  return `    int ${p.name}Size = (int)invigil_ll();\n    ${decl}* ${p.name} = malloc(sizeof(${decl}) * (${p.name}Size + 1));\n    for (int invigil_i = 0; invigil_i < ${p.name}Size; invigil_i++) ${p.name}[invigil_i] = ${C_READ[p.type.base]};\n`;
}

function cArgs(sig: Signature, withReturnSize: boolean): string {
  const a = sig.params.flatMap((p) => (p.type.array ? [p.name, `${p.name}Size`] : [p.name]));
  if (withReturnSize && sig.returns?.array) a.push('&invigil_n');
  return a.join(', ');
}

export const cGenerator: LanguageGenerator = {
  skeleton(sig, values) {
    const rt = sig.returns ? `${C_TYPES[sig.returns.base]}${sig.returns.array ? '*' : ''}` : 'void';
    const decls = sig.params
      .map((p, i) => {
        if (!p.type.array) return `    ${C_TYPES[p.type.base]} ${p.name} = ${cLiteral(p.type, values[i])};\n`;
        const items = (values[i] as Value[]).map((v) => cLiteral({ ...p.type, array: false }, v));
        return `    ${C_TYPES[p.type.base]} ${p.name}[] = {${items.join(', ') || '0'}};\n    int ${p.name}Size = ${items.length};\n`;
      })
      .join('');
    const call = `${sig.methodname}(${cArgs(sig, true)})`;
    const body = !sig.returns
      ? `    ${call};\n`
      : sig.returns.array
        ? `    int invigil_n = 0;\n    ${rt} result = ${call};\n    ${cPrint(sig.returns, 'result')}\n`
        : `    ${rt} result = ${call};\n    ${cPrint(sig.returns, 'result')}\n`;
    return `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>

${rt} ${sig.methodname}(${cParams(sig)}) {
    // ${MARK}
${cDefaultReturn(sig.returns)}}

int main(void) {
${decls}${body.replace(/invigil_n/g, 'resultSize')}    return 0;
}
`;
  },
  harness(sig, code): Generated {
    const rt = sig.returns ? `${C_TYPES[sig.returns.base]}${sig.returns.array ? '*' : ''}` : 'void';
    const reads = sig.params.map((p) => cReadParam(p, C_TYPES[p.type.base])).join('');
    const call = `${sig.methodname}(${cArgs(sig, true)})`;
    const body = !sig.returns
      ? `    ${call};\n`
      : `${sig.returns.array ? '    int invigil_n = 0;\n' : ''}    ${rt} invigil_r = ${call};\n    fflush(stdout);\n    printf("\\n");\n    ${cPrint(sig.returns, 'invigil_r')}\n`;
    const source = `#define main invigil_user_main\n#line 1\n${code}\n#undef main\n${HARNESS_START('c')}${C_READERS}int main(void) {\n${reads}${body}    return 0;\n}\n`;
    return { files: { 'main.c': source } };
  },
};

/* ---------------------------------------------------------------- C++ */

const CPP_TYPES: Record<ValueType['base'], string> = {
  int: 'int',
  long: 'long long',
  double: 'double',
  bool: 'bool',
  char: 'char',
  string: 'std::string',
};
const cppType = (t: ValueType) => (t.array ? `std::vector<${CPP_TYPES[t.base]}>` : CPP_TYPES[t.base]);

function cppLiteral(t: ValueType, v: Value): string {
  if (t.array) return `${cppType(t)}{${(v as Value[]).map((x) => cppLiteral({ ...t, array: false }, x)).join(', ')}}`;
  return t.base === 'string' ? `std::string(${cString(String(v))})` : cLiteral(t, v);
}

const CPP_READERS = `#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>
static std::string invigil_line() {
    std::string s, out;
    if (!std::getline(std::cin, s)) return out;
    for (size_t i = 0; i < s.size(); i++) {
        if (s[i] == '\\\\' && i + 1 < s.size()) { char c = s[++i]; out += c == 'n' ? '\\n' : c == 'r' ? '\\r' : c; } else out += s[i];
    }
    return out;
}
template <typename T> static T invigil_read();
template <> int invigil_read<int>() { return (int)std::strtoll(invigil_line().c_str(), nullptr, 10); }
template <> long long invigil_read<long long>() { return std::strtoll(invigil_line().c_str(), nullptr, 10); }
template <> double invigil_read<double>() { return std::strtod(invigil_line().c_str(), nullptr); }
template <> bool invigil_read<bool>() { std::string s = invigil_line(); return s == "true" || s == "1"; }
template <> char invigil_read<char>() { std::string s = invigil_line(); return s.empty() ? ' ' : s[0]; }
template <> std::string invigil_read<std::string>() { return invigil_line(); }
template <typename T> static void invigil_print(const T &v) { std::cout << v; }
template <> void invigil_print<bool>(const bool &v) { std::cout << (v ? "true" : "false"); }
template <typename T> static void invigil_print(const std::vector<T> &v) {
    for (size_t i = 0; i < v.size(); i++) { if (i) std::cout << ' '; invigil_print<T>(v[i]); }
}
`;

export const cppGenerator: LanguageGenerator = {
  skeleton(sig, values) {
    const rt = sig.returns ? cppType(sig.returns) : 'void';
    const params = sig.params
      .map((p) => `${cppType(p.type)}${p.type.array || p.type.base === 'string' ? '&' : ''} ${p.name}`)
      .join(', ');
    const dflt = !sig.returns
      ? ''
      : `        return ${sig.returns.array ? '{}' : sig.returns.base === 'string' ? '""' : sig.returns.base === 'bool' ? 'false' : sig.returns.base === 'char' ? "' '" : '0'};\n`;
    const decls = sig.params
      .map((p, i) => `    ${cppType(p.type)} ${p.name} = ${cppLiteral(p.type, values[i])};\n`)
      .join('');
    const call = `${sig.classname}().${sig.methodname}(${sig.params.map((p) => p.name).join(', ')})`;
    const print = !sig.returns
      ? `    ${call};\n`
      : sig.returns.array
        ? `    ${rt} result = ${call};\n    for (size_t i = 0; i < result.size(); i++) std::cout << (i ? " " : "") << result[i];\n    std::cout << std::endl;\n`
        : `    std::cout << ${sig.returns.base === 'bool' ? 'std::boolalpha << ' : ''}${call} << std::endl;\n`;
    return `#include <iostream>
#include <string>
#include <vector>
using namespace std;

class ${sig.classname} {
public:
    ${rt} ${sig.methodname}(${params}) {
        // ${MARK}
${dflt}    }
};

int main() {
${decls}${print}    return 0;
}
`;
  },
  harness(sig, code): Generated {
    const reads = sig.params
      .map((p) =>
        p.type.array
          ? `    ${cppType(p.type)} ${p.name}(invigil_read<int>());\n    for (auto &x : ${p.name}) x = invigil_read<${CPP_TYPES[p.type.base]}>();\n`
          : `    ${cppType(p.type)} ${p.name} = invigil_read<${CPP_TYPES[p.type.base]}>();\n`,
      )
      .join('');
    const call = `invigil_obj.${sig.methodname}(${sig.params.map((p) => p.name).join(', ')})`;
    const body = !sig.returns
      ? `    ${call};\n`
      : `    auto invigil_r = ${call};\n    std::cout << std::flush << std::setprecision(10) << '\\n';\n    invigil_print(invigil_r);\n    std::cout << std::endl;\n`;
    const source = `#define main invigil_user_main\n#line 1\n${code}\n#undef main\n${HARNESS_START('cpp')}${CPP_READERS}int main() {\n${reads}    ${sig.classname} invigil_obj;\n${body}    return 0;\n}\n`;
    return { files: { 'main.cpp': source } };
  },
};
