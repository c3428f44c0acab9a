import { CSV_INVITE_MAX_ROWS, ZSendInviteRequest, type TAccountRole, type TCsvInviteReport } from '../../../contract/accounts.js';
import { ErrorCode } from '../../../contract/errors.js';
import { AppError } from '../../http/errors.js';
import { dispatchEmails } from '../../mail/outbox.js';
import type { AccountActor } from './access.js';
import { parseCsv } from './csv.js';
import { SeatLimitError } from '../../billing/seats.js';
import { accountName, inviteOne, tellSeatsRefused, type AccountContext } from './send-invite.js';

type Column = 'email' | 'first_name' | 'last_name' | 'name' | 'role';

/** Header spellings people use, compared without case, spaces or punctuation. */
const HEADERS: Record<string, Column> = {
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  firstname: 'first_name',
  first: 'first_name',
  givenname: 'first_name',
  forename: 'first_name',
  lastname: 'last_name',
  last: 'last_name',
  surname: 'last_name',
  familyname: 'last_name',
  name: 'name',
  fullname: 'name',
  role: 'role',
};
const DEFAULT_COLUMNS: Column[] = ['first_name', 'last_name', 'email', 'role'];
const ROLES: Record<string, TAccountRole> = { '': 'MEMBER', member: 'MEMBER', user: 'MEMBER', admin: 'ADMIN', administrator: 'ADMIN' };

const fileError = (code: string, message: string) => new AppError(400, code, message, { file_content: [message] });

function columnsOf(header: string[]): (Column | undefined)[] | undefined {
  const columns = header.map((cell) => HEADERS[cell.toLowerCase().replace(/[^a-z]/g, '')]);
  return columns.includes('email') ? columns : undefined;
}

/**
 * POST /a/send-invites-csv/: invites every good row of a CSV file and reports each row. Bad rows
 * (malformed email, unknown role, an address repeated in the file, an existing member or open
 * invitation) are reported with a code and a message and do not stop the others. The good rows
 * are written in one transaction, each in its own savepoint; their emails go out after commit.
 */
export async function sendCsvInvites(context: AccountContext, actor: AccountActor, fileName: string, content: string): Promise<TCsvInviteReport> {
  if (!/\.(csv|txt)$/i.test(fileName)) throw new AppError(400, 'csv_invalid', 'Please choose a CSV file (.csv).', { file_name: ['Please choose a CSV file (.csv).'] });
  const records = parseCsv(content);
  if (records.length === 0) throw fileError('csv_empty', 'The file has no rows.');
  const headerColumns = columnsOf(records[0]!.fields);
  const headerless = !headerColumns && records[0]!.fields.some((cell) => cell.includes('@'));
  if (!headerColumns && !headerless) throw fileError('csv_no_email_column', 'The file needs an email column: name it "email" in the first line.');
  const columns = headerColumns ?? DEFAULT_COLUMNS;
  // Spreadsheets save empty rows as a line of separators: those are not rows of the table.
  const rows = (headerColumns ? records.slice(1) : records).filter((record) => record.fields.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw fileError('csv_empty', 'The file has no rows below its header.');
  if (rows.length > CSV_INVITE_MAX_ROWS) throw fileError('csv_too_many_rows', `A file may hold at most ${CSV_INVITE_MAX_ROWS} rows.`);

  const seen = new Set<string>();
  let seatRefusal: { error: SeatLimitError; email: string } | undefined;
  const { report, emailIds } = await context.db.transaction(async (tx) => {
    const name = await accountName(tx, actor.accountId);
    const report: TCsvInviteReport['rows'] = [];
    const emailIds: string[] = [];
    for (const record of rows) {
      const cell = (column: Column) => record.fields[columns.indexOf(column)]?.trim() ?? '';
      const [fullFirst, ...fullRest] = cell('name').split(/\s+/);
      const first = cell('first_name') || (fullRest.length > 0 ? fullFirst! : cell('name'));
      const last = cell('last_name') || fullRest.join(' ');
      const rawRole = cell('role');
      const base = { line: record.line, email: cell('email'), first_name: first, last_name: last, role: rawRole.toUpperCase() || 'MEMBER' };
      const fail = (code: string, error: string) => report.push({ ...base, status: 'failed', code, error });

      const parsedEmail = ZSendInviteRequest.shape.email.safeParse(base.email);
      if (!parsedEmail.success) {
        fail(ErrorCode.validationFailed, base.email ? 'Enter a valid email address' : 'Email is required');
        continue;
      }
      const email = parsedEmail.data;
      const role = ROLES[rawRole.toLowerCase()];
      if (!role) {
        fail('invalid_role', 'Role must be ADMIN or MEMBER');
        continue;
      }
      if (first.length > 100 || last.length > 100) {
        fail(ErrorCode.validationFailed, 'Names must be at most 100 characters long');
        continue;
      }
      if (seen.has(email)) {
        fail('duplicate_in_file', 'This email address appears earlier in the file.');
        continue;
      }
      seen.add(email);
      try {
        const sent = await tx.transaction((sp) => inviteOne(sp, context.config, actor, name, { email, first_name: first, last_name: last, role }));
        emailIds.push(sent.emailId);
        report.push({ ...base, email, role, status: 'invited' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error instanceof SeatLimitError) seatRefusal ??= { error, email };
        fail(error.code, error.message);
      }
    }
    return { report, emailIds };
  });
  await dispatchEmails(context.queue, context.db, emailIds);
  if (seatRefusal) await tellSeatsRefused(context, actor, seatRefusal.error, seatRefusal.email);
  const invited = report.filter((row) => row.status === 'invited').length;
  return { file_name: fileName, invited, failed: report.length - invited, rows: report };
}
