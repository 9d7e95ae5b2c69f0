/**
 * The candidate dashboard's demo data, as plain tables (dashboard.seed.ts writes them).
 * Times are relative to the moment of seeding (days; negative is in the past).
 */

export type SeedCategory = 'TEST' | 'SURVEY' | 'FEEDBACK' | 'WORKFLOW';

/** The kinds of item every category holds for the demo candidate. */
export type ItemKind =
  | 'open' // 000, scheduled in the past, not expired: Take Test Online enabled
  | 'future' // 000, scheduled in the future: the Take button is disabled
  | 'inProgress' // 001: Resume
  | 'done' // 010 with a processed result (its group's report is ready)
  | 'processing' // 010, result still being processed (its group's report is not ready)
  | 'timeOut' // 011 with a result
  | 'expired' // 100
  | 'lapsed'; // 000 but its expiry date has passed: listed as expired

export interface SeedItem {
  name: string;
  kind: ItemKind;
  languages?: string[];
  assessee?: string;
  role?: string;
}

export interface SeedGroup {
  name: string;
  category: SeedCategory;
  reportReady: boolean;
  items: SeedItem[];
}

/** Test types: 7 and 8 are surveys (survey and feedback forms), the rest are tests. */
export const TEST_TYPE: Record<SeedCategory, number> = { TEST: 1, SURVEY: 7, FEEDBACK: 8, WORKFLOW: 1 };

const testGroups = (a: string, b: string, n: string[]): SeedGroup[] => [
  {
    name: a,
    category: 'TEST',
    reportReady: true,
    items: [
      { name: n[0]!, kind: 'open', languages: ['en-IN', 'hi-IN'] },
      { name: n[1]!, kind: 'future' },
      { name: n[2]!, kind: 'inProgress' },
      { name: n[3]!, kind: 'done' },
      { name: n[4]!, kind: 'timeOut' },
      { name: n[5]!, kind: 'expired' },
    ],
  },
  {
    name: b,
    category: 'TEST',
    reportReady: false,
    items: [
      { name: n[6]!, kind: 'open' },
      { name: n[7]!, kind: 'processing' },
      { name: n[8]!, kind: 'lapsed' },
    ],
  },
];

const personGroups = (
  category: 'SURVEY' | 'FEEDBACK',
  a: string,
  b: string,
  n: string[],
  people: Array<[string, string]>,
): SeedGroup[] => {
  const p = (i: number) => ({ assessee: people[i % people.length]![0], role: people[i % people.length]![1] });
  return [
    {
      name: a,
      category,
      reportReady: true,
      items: [
        { name: n[0]!, kind: 'open', ...p(0) },
        { name: n[1]!, kind: 'future', ...p(1) },
        { name: n[2]!, kind: 'inProgress', ...p(2) },
        { name: n[3]!, kind: 'done', ...p(0) },
        { name: n[4]!, kind: 'expired', ...p(1) },
      ],
    },
    {
      name: b,
      category,
      reportReady: false,
      items: [
        { name: n[5]!, kind: 'open', ...p(2) },
        { name: n[6]!, kind: 'processing', ...p(1) },
        { name: n[7]!, kind: 'lapsed', ...p(0) },
      ],
    },
  ];
};

const workflowGroups = (a: string, b: string, n: string[]): SeedGroup[] => [
  {
    name: a,
    category: 'WORKFLOW',
    reportReady: true,
    items: [
      { name: n[0]!, kind: 'open' },
      { name: n[1]!, kind: 'future' },
      { name: n[2]!, kind: 'inProgress' },
      { name: n[3]!, kind: 'done' },
      { name: n[4]!, kind: 'expired' },
    ],
  },
  {
    name: b,
    category: 'WORKFLOW',
    reportReady: false,
    items: [
      { name: n[5]!, kind: 'open' },
      { name: n[6]!, kind: 'processing' },
      { name: n[7]!, kind: 'lapsed' },
    ],
  },
];

/** Asha Rao (the demo candidate): every category in both organisations. */
export const ASHA_GROUPS: Record<number, SeedGroup[]> = {
  1: [
    ...testGroups('Aptitude Batch 2026', 'Technical Round', [
      'General Aptitude Test',
      'Advanced Reasoning Test',
      'Logical Reasoning',
      'Quantitative Skills',
      'Data Interpretation',
      'Verbal Ability',
      'Java Fundamentals',
      'SQL Basics',
      'Networking Essentials',
    ]),
    ...personGroups(
      'SURVEY',
      'Employee Engagement 2026',
      'Learning Needs',
      [
        'Workplace Culture Survey',
        'Quarterly Pulse Survey',
        'Team Collaboration Survey',
        'Onboarding Experience Survey',
        'Remote Work Survey',
        'Training Preferences Survey',
        'Tools and Systems Survey',
        'Wellbeing Check Survey',
      ],
      [
        ['Northwind Academy', 'Organisation'],
        ['Learning Team', 'Department'],
        ['HR Office', 'Department'],
      ],
    ),
    ...personGroups(
      'FEEDBACK',
      '360 Feedback Cycle',
      'Peer Review Round',
      [
        'Manager Feedback',
        'Mentor Feedback',
        'Team Lead Feedback',
        'Project Sponsor Feedback',
        'Course Instructor Feedback',
        'Peer Feedback',
        'Buddy Feedback',
        'Cross-team Feedback',
      ],
      [
        ['Priya Nair', 'Manager'],
        ['Arjun Mehta', 'Peer'],
        ['Kavita Shah', 'Team Lead'],
      ],
    ),
    ...workflowGroups('Campus Hiring Workflow', 'Internal Mobility Workflow', [
      'Step 1: Screening Test',
      'Step 2: Case Study',
      'Step 3: Technical Interview Prep',
      'Step 0: Profile Check',
      'Step 0: Eligibility Quiz',
      'Role Fit Questionnaire',
      'Skills Self-Assessment',
      'Transfer Readiness Check',
    ]),
  ],
  2: [
    ...testGroups('Graduate Hiring 2026', 'Leadership Assessment', [
      'Graduate Aptitude Test',
      'Business Acumen Test',
      'Critical Thinking',
      'Numerical Reasoning',
      'Situational Judgement',
      'Written English',
      'Decision Making',
      'Strategic Thinking',
      'People Management',
    ]),
    ...personGroups(
      'SURVEY',
      'Customer Focus Survey',
      'Annual Opinion Poll',
      [
        'Customer Insight Survey',
        'Product Feedback Survey',
        'Service Quality Survey',
        'Brand Perception Survey',
        'Sales Process Survey',
        'Annual Opinion Survey',
        'Benefits Survey',
        'Office Facilities Survey',
      ],
      [
        ['Globex Corporation', 'Organisation'],
        ['Sales Team', 'Department'],
        ['Facilities', 'Department'],
      ],
    ),
    ...personGroups(
      'FEEDBACK',
      'Upward Feedback 2026',
      'Client Feedback',
      [
        'Director Feedback',
        'Skip-level Feedback',
        'Product Owner Feedback',
        'Scrum Master Feedback',
        'Vendor Feedback',
        'Account Manager Feedback',
        'Client Partner Feedback',
        'Delivery Lead Feedback',
      ],
      [
        ['Rohan Gupta', 'Director'],
        ['Neha Joshi', 'Product Owner'],
        ['Vikram Rao', 'Account Manager'],
      ],
    ),
    ...workflowGroups('Lateral Hiring Workflow', 'Certification Workflow', [
      'Stage 1: Online Assessment',
      'Stage 2: Assignment',
      'Stage 3: Panel Readiness',
      'Stage 0: Document Check',
      'Stage 0: Background Quiz',
      'Certification Prerequisites',
      'Certification Exam',
      'Recertification Check',
    ]),
  ],
};

/** Ravi Kumar: different data in the first organisation, nothing in the second (empty states). */
export const RAVI_GROUPS: Record<number, SeedGroup[]> = {
  1: [
    {
      name: 'Campus Drive 2026',
      category: 'TEST',
      reportReady: false,
      items: [
        { name: 'Campus Aptitude Test', kind: 'open' },
        { name: 'Campus Coding Test', kind: 'processing' },
        { name: 'Campus English Test', kind: 'expired' },
      ],
    },
    {
      name: 'New Joiner Survey',
      category: 'SURVEY',
      reportReady: false,
      items: [{ name: 'First Week Survey', kind: 'open', assessee: 'Northwind Academy', role: 'Organisation' }],
    },
  ],
  2: [],
};

/** Practice tests every candidate can apply to (organisation-independent). */
export const PRACTICE_TESTS = [
  { name: 'Practice: Numerical Reasoning', minutes: 10 },
  { name: 'Practice: Verbal Reasoning', minutes: 10 },
  { name: 'Practice: Abstract Reasoning', minutes: 15 },
  { name: 'Practice: Programming Basics', minutes: 20 },
];

/** Simple single-choice questions (the first choice listed is the correct one; positions shuffle it). */
export const TEST_QUESTIONS: Array<{ text: string; hi?: string; choices: Array<[string, string?]>; correct: number }> =
  [
    { text: 'What is 12 + 15?', hi: '12 + 15 कितना है?', choices: [['25'], ['27'], ['29'], ['30']], correct: 1 },
    {
      text: 'Which number comes next: 2, 4, 8, 16, ...?',
      hi: 'अगली संख्या कौन सी है: 2, 4, 8, 16, ...?',
      choices: [['24'], ['30'], ['32'], ['64']],
      correct: 2,
    },
    {
      text: 'Choose the word closest in meaning to "rapid".',
      hi: '"rapid" के सबसे निकट अर्थ वाला शब्द चुनें।',
      choices: [
        ['Slow', 'धीमा'],
        ['Quick', 'तेज़'],
        ['Late', 'देर'],
        ['Heavy', 'भारी'],
      ],
      correct: 1,
    },
    {
      text: 'If all roses are flowers and some flowers fade quickly, which statement must be true?',
      choices: [
        ['All roses fade quickly'],
        ['Some roses are flowers'],
        ['No flower is a rose'],
        ['All flowers are roses'],
      ],
      correct: 1,
    },
    {
      text: 'A train travels 60 km in 1 hour. How far does it travel in 90 minutes?',
      choices: [['60 km'], ['75 km'], ['90 km'], ['120 km']],
      correct: 2,
    },
    { text: 'Which of these is a prime number?', choices: [['21'], ['27'], ['29'], ['33']], correct: 2 },
  ];

export const SURVEY_QUESTIONS = [
  'I have the tools I need to do my work well.',
  'I would recommend this organisation to a friend.',
  'Communication within my team is clear and timely.',
];
export const LIKERT = ['Strongly agree', 'Agree', 'Neutral', 'Disagree', 'Strongly disagree'];
