// @vitest-environment happy-dom
// The meeting defaults and availability modals against the mock API: without a calendar connected
// both offer to connect Gmail with Calendar; with one, availability lists free times around the
// calendar's busy times within the working hours, and the meeting defaults saved (on the server,
// through the mocks' copy of its rules) change them.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getGetCalendarAvailabilityMockHandler } from '../../../../generated/msw/connectors/connectors.msw';
import { getMeetingDefaults, updateMeetingDefaults } from '../../../../generated/react-query/account-settings/account-settings';
import { withMockServer } from '../../testing/mock-server';
import { openModal } from '../../testing/open-modal-test-kit';

const mocks = withMockServer('signed-in');

/** Tomorrow at `hour` local time. */
const tomorrowAt = (hour: number) => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(hour, 0, 0, 0);
  return d;
};

function connectedCalendar() {
  const from = new Date();
  mocks.server.use(
    getGetCalendarAvailabilityMockHandler({
      connected: true,
      connector: 'gmail',
      from: from.toISOString(),
      to: new Date(from.getTime() + 7 * 86_400_000).toISOString(),
      busy: [{ start: tomorrowAt(10).toISOString(), end: tomorrowAt(11).toISOString() }],
    }),
  );
}

describe('without a calendar connected', () => {
  it.each([
    ['availability', 'Availability'],
    ['meetingDefaults', 'Meeting defaults'],
  ] as const)('%s offers to connect Gmail with Calendar or Outlook', async (name, title) => {
    const { dialog } = await openModal(name, title);
    const prompt = await within(dialog).findByTestId('calendar-connect-prompt', {}, { timeout: 5000 });
    expect(within(prompt).getByRole('button', { name: 'Connect Gmail with Calendar' })).toBeEnabled();
    expect(within(prompt).getByRole('button', { name: 'Connect Outlook' })).toBeEnabled();
  });
});

describe('with Gmail with Calendar connected', () => {
  it('availability lists the free times around a busy hour, within working hours', async () => {
    connectedCalendar();
    const { dialog } = await openModal('availability', 'Availability');
    const list = await within(dialog).findByRole('list', { name: 'Free times' }, { timeout: 5000 });
    const day = tomorrowAt(0).toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric' });
    const t = (h: number) => tomorrowAt(h).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    const item = within(list)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.startsWith(day));
    const workday = [1, 2, 3, 4, 5].includes(tomorrowAt(0).getDay());
    if (workday) expect(item?.textContent).toContain(`${t(9)}–${t(10)}, ${t(11)}–${t(17)}`);
    else expect(item).toBeUndefined();
    expect(within(dialog).getByText('Your availability is read from Gmail with Calendar.')).toBeInTheDocument();
  });

  it('meeting defaults are saved and keep the day sane', async () => {
    connectedCalendar();
    const { user, dialog } = await openModal('meetingDefaults', 'Meeting defaults');
    await within(dialog).findByText('Your availability is read from Gmail with Calendar.', {}, { timeout: 5000 });
    await user.selectOptions(within(dialog).getByLabelText('Meeting length'), '60');
    await user.selectOptions(within(dialog).getByLabelText('Day starts'), '18');
    await user.selectOptions(within(dialog).getByLabelText('Day ends'), '17');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The day must end after it starts.');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Day starts'), '8');
    await user.click(within(dialog).getByLabelText('Friday'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog', { name: 'Meeting defaults' })).not.toBeInTheDocument();
    expect((await getMeetingDefaults()).data).toEqual({ minutes: 60, day_start_hour: 8, day_end_hour: 17, weekdays: [1, 2, 3, 4] });
  });

  it('availability follows the meeting defaults the server keeps, whichever device saved them', async () => {
    connectedCalendar();
    await updateMeetingDefaults({ minutes: 90, day_start_hour: 7, day_end_hour: 19, weekdays: [0, 1, 2, 3, 4, 5, 6] });
    const { dialog } = await openModal('availability', 'Availability');
    expect(await within(dialog).findByText(/Free for a 90-minute meeting/, {}, { timeout: 5000 })).toBeInTheDocument();
    const t = (h: number) => tomorrowAt(h).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    const day = tomorrowAt(0).toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric' });
    const item = within(within(dialog).getByRole('list', { name: 'Free times' }))
      .getAllByRole('listitem')
      .find((li) => li.textContent?.startsWith(day));
    expect(item?.textContent).toContain(`${t(7)}–${t(10)}, ${t(11)}–${t(19)}`);
  });
});
