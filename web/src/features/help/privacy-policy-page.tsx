// /privacy-policy: the privacy policy the login modal links to (seed 000 "Login": "a
// privacy-policy link").
import { useEffect } from 'react';
import { GuideMarkdown } from './guide-markdown';
import policy from './privacy-policy.md?raw';

export const PRIVACY_POLICY_TITLE = 'Privacy policy';

export default function PrivacyPolicyPage() {
  useEffect(() => {
    document.title = PRIVACY_POLICY_TITLE;
  }, []);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <GuideMarkdown text={policy} />
    </div>
  );
}
