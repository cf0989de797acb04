import type { FastifyInstance } from 'fastify';
import type { Db } from '../../store/database.ts';

/** Patient flow reads: visits without names, securable names (audited), messages, exports. */
export async function patientFlowReadRoutes(_app: FastifyInstance, _options: { db: Db }): Promise<void> {}
