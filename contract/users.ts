import { z } from 'zod';

/** GET /users/ (superusers): the impersonation selector's list. */
export const ZUserListItem = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  profession: z.string().nullable(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  pipeline: z.string().nullable(),
  function: z.string().nullable(),
  sector: z.string().nullable(),
  location: z.string().nullable(),
});
export type TUserListItem = z.infer<typeof ZUserListItem>;
export const ZUserList = z.object({ results: z.array(ZUserListItem), count: z.number() });
export const ZUserListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** POST /feedback/: text, optionally about one article. */
export const ZFeedbackRequest = z.strictObject({
  text: z.string().trim().min(1, 'Please enter your feedback').max(5000, 'At most 5000 characters'),
  article_id: z.coerce.number().int().positive().optional().nullable(),
});
export const ZFeedbackResponse = z.object({ id: z.number(), detail: z.string() });
