import type { SeedExam, SeedQuestion } from './exam-engine-seed-data.ts';

/**
 * Issue 13: the coding demo test. A function-style problem in every programming language, a
 * stdin/stdout problem, a SQL question per dialect on the same tables, an HTML question and a
 * question fixed to C; each has visible and hidden test cases (answerKey: server only).
 */
const TABLES = [
  {
    name: 'departments',
    columns: [
      { name: 'id', type: 'int' },
      { name: 'name', type: 'text' },
    ],
    rows: [
      [1, 'Engineering'],
      [2, 'Sales'],
      [3, 'Finance'],
    ],
  },
  {
    name: 'employees',
    columns: [
      { name: 'id', type: 'int' },
      { name: 'name', type: 'text' },
      { name: 'department_id', type: 'int' },
      { name: 'salary', type: 'int' },
    ],
    rows: [
      [1, 'Asha', 1, 95000],
      [2, 'Ravi', 1, 72000],
      [3, 'Meera', 2, 61000],
      [4, 'Karan', 3, 83000],
      [5, 'Divya', 2, 58000],
    ],
  },
];

/** The same SQL task in each dialect; the reference query is the hidden test case. */
const sqlQuestion = (dialect: 'sql' | 'pgsql' | 'mysql', engine: string): SeedQuestion => ({
  type: 20,
  typeName: 'Coding',
  marks: 2,
  text: `<p><b>SQL (${engine})</b>: list the <code>name</code> and <code>salary</code> of every employee earning more than 70000, highest salary first.</p>`,
  content: { codinglang: dialect, tables: TABLES },
  answerKey: { referenceSql: 'SELECT name, salary FROM employees WHERE salary > 70000 ORDER BY salary DESC' },
});

export const CODING_QUESTIONS: SeedQuestion[] = [
  {
    type: 20,
    typeName: 'Coding',
    marks: 4,
    text: '<p>Write <code>sumOf(nums, bonus)</code>: return the sum of the numbers in <code>nums</code> plus <code>bonus</code>. Any programming language.</p><p>Example: <code>[1,2,3]</code> and <code>4</code> give <code>10</code>.</p>',
    content: {
      classname: 'Solution',
      methodname: 'sumOf',
      paramtype: 'int[] nums|^^|int bonus',
      paramvalue: '[1,2,3]|^^|4',
      methodreturntype: 'int',
    },
    answerKey: {
      testCases: [
        { input: [[1, 2, 3], 4], output: 10 },
        { input: [[], 7], output: 7 },
        { input: [[40, 2], 0], output: 42, hidden: true },
        { input: [[-5, 5, 100], -1], output: 99, hidden: true },
      ],
    },
  },
  {
    type: 20,
    typeName: 'Coding',
    marks: 3,
    text: '<p>Read a number <code>n</code> and then <code>n</code> integers from standard input. Print the largest of them.</p><p>Input <code>3</code> / <code>4 9 2</code> prints <code>9</code>.</p>',
    content: {},
    answerKey: {
      testCases: [
        { input: '3\n4 9 2\n', output: '9' },
        { input: '1\n-7\n', output: '-7', hidden: true },
        { input: '5\n10 20 30 25 5\n', output: '30', hidden: true },
      ],
    },
  },
  sqlQuestion('sql', 'SQLite'),
  sqlQuestion('pgsql', 'PostgreSQL'),
  sqlQuestion('mysql', 'MySQL / MariaDB'),
  {
    type: 20,
    typeName: 'Coding',
    marks: 2,
    text: '<p><b>HTML</b>: write a page with a heading <code>&lt;h1&gt;</code> reading <i>Welcome to Invigil</i> and a list <code>&lt;ul&gt;</code> of at least one item.</p>',
    content: { codinglang: 'html' },
    answerKey: {
      testCases: [
        { input: 'h1', output: 'Welcome to Invigil' },
        { input: 'li', output: '', hidden: true },
      ],
    },
  },
  {
    type: 20,
    typeName: 'Coding',
    marks: 3,
    text: '<p><b>C only</b>: write <code>factorial(n)</code> returning <i>n!</i> for 0 &le; n &le; 20.</p>',
    content: {
      codinglang: 'c',
      classname: 'Solution',
      methodname: 'factorial',
      paramtype: 'int n',
      paramvalue: '5',
      methodreturntype: 'long',
    },
    answerKey: {
      testCases: [
        { input: [5], output: 120 },
        { input: [0], output: 1, hidden: true },
        { input: [20], output: 2432902008176640000, hidden: true },
      ],
    },
  },
];

export const CODING_EXAM: SeedExam = {
  key: 'coding',
  name: 'Coding Test (All Languages)',
  testType: 1,
  seconds: 60 * 60,
  instructions:
    '<p>Write your code in the editor and use <b>Compile &amp; Execute Code</b> to run it against the visible test cases. Your code is saved as you type. Hidden test cases decide your score after you submit.</p>',
  thankYou: '<h3>Thank you!</h3><p>Your code has been submitted and will be scored on the hidden test cases.</p>',
  settings: { showscore: 1, showscoreflag: 1, codinglang: 'all-p' },
  questions: CODING_QUESTIONS,
};

/** Both demo candidates get the coding test. */
export const CODING_ASSIGNMENTS: Record<string, string[]> = {
  'candidate@example.com': [CODING_EXAM.key],
  'candidate2@example.com': [CODING_EXAM.key],
};

export const CODING_GROUP_NAME = 'Coding Demo';
