import { useQuery } from '@tanstack/react-query';
import type { TAccountInfo, TAccountUsers, TCsvInviteReport, TInviteResponse, TSendInviteRequest, TUpdateAccountUserRequest } from '../../../contract/accounts';
import type { TMe } from '../../../contract/auth';
import { authClient } from '../../lib/auth-client';

/** Account calls. They always address the caller's own account: no user_id. */
export const accountKeys = {
  info: ['account', 'info'] as const,
  users: ['account', 'users'] as const,
};

export function useAccountInfo(enabled = true) {
  return useQuery({ queryKey: accountKeys.info, queryFn: ({ signal }) => authClient.authedApi<TAccountInfo>('/a/info/', { signal }), enabled });
}

export function useAccountUsers(enabled = true) {
  return useQuery({ queryKey: accountKeys.users, queryFn: ({ signal }) => authClient.authedApi<TAccountUsers>('/a/users/', { signal }), enabled });
}

export const accountApi = {
  updateInfo: (body: { name: string; company: string; sso_domain?: string }) => authClient.authedApi<TAccountInfo>('/a/update-info/', { method: 'POST', body }),
  uploadLogo: (file: File) => {
    const form = new FormData();
    form.append('logo', file, file.name);
    return authClient.authedApi<TAccountInfo>('/a/upload-logo/', { method: 'POST', body: form });
  },
  deleteLogo: () => authClient.authedApi<TAccountInfo>('/a/delete-logo/', { method: 'DELETE' }),
  sendInvite: (body: TSendInviteRequest) => authClient.authedApi<TInviteResponse>('/a/send-invite/', { method: 'POST', body }),
  resendInvite: (userId: string) => authClient.authedApi<TInviteResponse>('/a/resend-invite/', { method: 'POST', body: { user_id: userId } }),
  sendCsv: (body: { file_content: string; file_name: string }) => authClient.authedApi<TCsvInviteReport>('/a/send-invites-csv/', { method: 'POST', body }),
  updateUser: (body: TUpdateAccountUserRequest) => authClient.authedApi<TInviteResponse>('/a/update-user/', { method: 'POST', body }),
  /** Tells the server a preview starts (it checks and audits), answering the user's profile. */
  startPreview: (userId: string) => authClient.authedApi<TMe>(`/a/preview/${encodeURIComponent(userId)}/`, { method: 'POST' }),
};

/** The server's sentence for a refused request, else the fallback; the field messages of one (lib/api.ts). */
export { refusalText as errorText, fieldMessages as fieldErrors } from '../../lib/api';
