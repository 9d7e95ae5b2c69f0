import type { FastifyInstance } from 'fastify';
import authRoutes from './auth/auth.routes.ts';
import codingRoutes from './coding/coding.routes.ts';
import contentRoutes from './content/content.routes.ts';
import itemMediaRoutes from './content/item-media.routes.ts';
import dashboardRoutes from './dashboard/dashboard.routes.ts';
import examRoutes from './exam/exam.routes.ts';
import mediaRoutes from './media/media.routes.ts';
import operationsRoutes from './operations/operations.routes.ts';
import proctoringRoutes from './proctoring/proctoring.routes.ts';
import profileRoutes from './profile/profile.routes.ts';
import recordingsRoutes from './recordings/recordings.routes.ts';
import resultsRoutes from './results/results.routes.ts';
import supportRoutes from './support/support.routes.ts';

/** Every domain module's routes. Add a module with one line here. */
export const modules: Array<(app: FastifyInstance) => Promise<void>> = [
  operationsRoutes,
  authRoutes,
  profileRoutes,
  dashboardRoutes,
  examRoutes,
  resultsRoutes,
  codingRoutes,
  proctoringRoutes,
  supportRoutes,
  contentRoutes,
  itemMediaRoutes,
  mediaRoutes,
  recordingsRoutes,
];
