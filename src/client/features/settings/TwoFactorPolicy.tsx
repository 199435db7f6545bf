import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { securityPolicy } from '@shared/api/two-factor';
import { Switch } from '../../components/ui/misc';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, ApiError } from '../../lib/api';
import { AUTH_KEY } from '../auth/use-auth';

const POLICY_KEY = ['/api/admin/security'] as const;

/** Admins: whether everyone in the organization must sign in with a second step. */
export function TwoFactorPolicy({ organizationName }: { organizationName: string }) {
  const queryClient = useQueryClient();
  const policy = useQuery({
    queryKey: POLICY_KEY,
    queryFn: () => apiRequest('GET', '/api/admin/security', undefined, securityPolicy),
  });
  const save = useMutation({
    mutationFn: (twoFactorRequired: boolean) =>
      apiRequest('PUT', '/api/admin/security', { twoFactorRequired }, securityPolicy),
    onSuccess: async (saved) => {
      queryClient.setQueryData(POLICY_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: AUTH_KEY });
      toast({
        title: saved.twoFactorRequired
          ? 'Two-factor sign-in required'
          : 'Two-factor sign-in optional',
        description: saved.twoFactorRequired
          ? 'Everyone without a second step is led to set one up before anything else.'
          : 'People choose for themselves whether to use a second step.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Not saved',
        description: error instanceof ApiError ? error.userMessage : 'Try again.',
        variant: 'destructive',
      }),
  });
  return (
    <section aria-labelledby="policy-title" className="flex items-start justify-between gap-4">
      <div className="flex gap-3">
        <Users aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-0.5">
          <h4 id="policy-title" className="text-sm font-medium">
            Require two-factor sign-in
          </h4>
          <p className="text-sm text-muted-foreground">
            Everyone in {organizationName} signs in with an authenticator code or a passkey after
            their password. Those without one set it up at their next sign-in.
          </p>
        </div>
      </div>
      <Switch
        aria-labelledby="policy-title"
        checked={policy.data?.twoFactorRequired ?? false}
        disabled={!policy.data || save.isPending}
        onCheckedChange={(checked) => save.mutate(checked)}
      />
    </section>
  );
}
