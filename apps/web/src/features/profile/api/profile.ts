import type {
  GetProfileResponse,
  UpdatePasswordRequest,
  UpdatePasswordResponse,
  UpdateProfileRequest,
  UpdateProfileResponse,
} from '@invigil/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { getCookie } from '../../../lib/cookies.ts';

export const profileQueryKey = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: () => {
      const org = getCookie('org');
      return apiGet<GetProfileResponse>('/api/dashboard/getProfile', { headers: org ? { orgId: org } : {} });
    },
  });
}

export const useUpdateProfile = () =>
  useMutation({
    mutationFn: (body: UpdateProfileRequest) => apiPost<UpdateProfileResponse>('/api/dashboard/updateProfile', body),
  });

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: (body: UpdatePasswordRequest) => apiPost<UpdatePasswordResponse>('/api/dashboard/updatePassword', body),
  });
