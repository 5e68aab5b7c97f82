// The link in a student code's mail (`/?student_code=123456`): the shell opens the student
// verification redirect modal with the code and takes it out of the address, so a reload or a
// shared address does not enter it again.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useModals } from '../../platform/modals/context';

export function StudentCodeLink() {
  const [params, setParams] = useSearchParams();
  const { open } = useModals();
  const code = params.get('student_code');
  useEffect(() => {
    if (!code) return;
    const next = new URLSearchParams(params);
    next.delete('student_code');
    setParams(next, { replace: true });
    if (/^\d{6}$/.test(code)) open('studentVerificationRedirect', { code });
  }, [code, params, setParams, open]);
  return null;
}
