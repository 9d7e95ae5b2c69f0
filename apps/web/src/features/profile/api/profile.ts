import type { UpdatePasswordRequest, UpdateProfileRequest } from '@invigil/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { getCookie } from '../../../lib/cookies.ts';

export const profileQueryKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: () => {
      const org = getCookie('org');
      return apiGet('/api/dashboard/getProfile', { headers: org ? { orgId: org } : {} });
    },
  });
}

export const useUpdateProfile = () =>
  useMutation({
    mutationFn: (body: UpdateProfileRequest) => apiPost('/api/dashboard/updateProfile', body),
  });

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: (body: UpdatePasswordRequest) => apiPost('/api/dashboard/updatePassword', body),
  });
