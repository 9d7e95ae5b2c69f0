import type { Generated, LanguageGenerator } from './language.ts';
import type { Signature, Value, ValueType } from './signature.ts';

/** The public class a Java source declares (its file must carry that name). */
export function javaMainClass(code: string, fallback = 'Main'): string {
  return (
    /public\s+(?:final\s+|abstract\s+)*class\s+([A-Za-z_$][\w$]*)/.exec(code)?.[1] ??
    /class\s+([A-Za-z_$][\w$]*)/.exec(code)?.[1] ??
    fallback
  );
}

const TYPES: Record<ValueType['base'], string> = {
  int: 'int',
  long: 'long',
  double: 'double',
  bool: 'boolean',
  char: 'char',
  string: 'String',
};
const READ: Record<ValueType['base'], string> = {
  int: 'ri()',
  long: 'rl()',
  double: 'rd()',
  bool: 'rb()',
  char: 'rc()',
  string: 'line()',
};
const jType = (t: ValueType) => `${TYPES[t.base]}${t.array ? '[]' : ''}`;

function jScalar(t: ValueType, v: Value): string {
  switch (t.base) {
    case 'string':
      return JSON.stringify(String(v));
    case 'char': {
      const c = String(v);
      return c === "'" ? "'\\''" : c === '\\' ? "'\\\\'" : `'${c}'`;
    }
    case 'bool':
      return v ? 'true' : 'false';
    case 'long':
      return `${v}L`;
    default:
      return String(v);
  }
}

function jLiteral(t: ValueType, v: Value): string {
  if (!t.array) return jScalar(t, v);
  return `new ${TYPES[t.base]}[]{${(v as Value[]).map((x) => jScalar({ ...t, array: false }, x)).join(', ')}}`;
}

const HARNESS_HELPERS = `    static final java.io.BufferedReader IN = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8));
    static String line() {
        try {
            String s = IN.readLine();
            if (s == null) return "";
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\\\\' && i + 1 < s.length()) { char n = s.charAt(++i); b.append(n == 'n' ? '\\n' : n == 'r' ? '\\r' : n); } else b.append(c);
            }
            return b.toString();
        } catch (java.io.IOException e) { return ""; }
    }
    static int ri() { return Integer.parseInt(line().trim()); }
    static long rl() { return Long.parseLong(line().trim()); }
    static double rd() { return Double.parseDouble(line().trim()); }
    static boolean rb() { String s = line().trim(); return s.equals("true") || s.equals("1"); }
    static char rc() { String s = line(); return s.isEmpty() ? ' ' : s.charAt(0); }
    static String fmt(Object v) {
        if (v == null) return "null";
        if (v.getClass().isArray()) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < java.lang.reflect.Array.getLength(v); i++) { if (i > 0) b.append(' '); b.append(fmt(java.lang.reflect.Array.get(v, i))); }
            return b.toString();
        }
        if (v instanceof Iterable) {
            StringBuilder b = new StringBuilder();
            for (Object o : (Iterable<?>) v) { if (b.length() > 0) b.append(' '); b.append(fmt(o)); }
            return b.toString();
        }
        return String.valueOf(v);
    }
`;

export const javaGenerator: LanguageGenerator = {
  skeleton(sig: Signature, values: Value[]) {
    const rt = sig.returns ? jType(sig.returns) : 'void';
    const params = sig.params.map((p) => `${jType(p.type)} ${p.name}`).join(', ');
    const dflt = !sig.returns
      ? ''
      : `        return ${sig.returns.array ? `new ${TYPES[sig.returns.base]}[0]` : sig.returns.base === 'string' ? '""' : sig.returns.base === 'bool' ? 'false' : sig.returns.base === 'char' ? "' '" : '0'};\n`;
    const decls = sig.params
      .map((p, i) => `        ${jType(p.type)} ${p.name} = ${jLiteral(p.type, values[i])};\n`)
      .join('');
    const call = `new ${sig.classname}().${sig.methodname}(${sig.params.map((p) => p.name).join(', ')})`;
    const print = !sig.returns
      ? `        ${call};\n`
      : sig.returns.array
        ? `        System.out.println(Arrays.toString(${call}));\n`
        : `        System.out.println(${call});\n`;
    return `import java.util.*;

public class ${sig.classname} {
    public ${rt} ${sig.methodname}(${params}) {
        // Write your code here
${dflt}    }

    public static void main(String[] args) {
${decls}${print}    }
}
`;
  },
  harness(sig: Signature, code: string): Generated {
    const reads = sig.params
      .map((p) =>
        p.type.array
          ? `        ${jType(p.type)} ${p.name};\n        { int n = ri(); ${p.name} = new ${TYPES[p.type.base]}[n]; for (int i = 0; i < n; i++) ${p.name}[i] = ${READ[p.type.base]}; }\n`
          : `        ${jType(p.type)} ${p.name} = ${READ[p.type.base]};\n`,
      )
      .join('');
    const call = `new ${sig.classname}().${sig.methodname}(${sig.params.map((p) => p.name).join(', ')})`;
    const body = !sig.returns
      ? `        ${call};\n`
      : `        Object r = ${call};\n        System.out.flush();\n        System.out.println();\n        System.out.println(fmt(r));\n`;
    const harness = `public class InvigilHarness {\n${HARNESS_HELPERS}\n    public static void main(String[] args) throws Exception {\n${reads}${body}        System.out.flush();\n    }\n}\n`;
    const main = javaMainClass(code, sig.classname);
    return { files: { [`${main}.java`]: code, 'InvigilHarness.java': harness }, entry: 'InvigilHarness' };
  },
};
