import 'server-only';
import type { Tx } from '../db';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  subjectType: string;
  subjectId: number;
  details?: Record<string, unknown>;
}

/** Records who changed what, in the transaction of the change itself: both are kept, or neither. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
