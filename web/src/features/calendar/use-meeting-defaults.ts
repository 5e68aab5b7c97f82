// The person's meeting defaults, kept on the server (GET/PUT /rest/account/meeting-defaults), so
// every device they sign in on follows the same ones.
import { useGetMeetingDefaults } from '../../../../generated/react-query/account-settings/account-settings';
import type { MeetingDefaults } from '../../../../generated/react-query/model';

export const useMeetingDefaults = () => useGetMeetingDefaults({ query: { select: (r) => r.data as MeetingDefaults } });
