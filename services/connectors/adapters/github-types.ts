// The parts of GitHub REST API's resources this adapter reads (https://docs.github.com/en/rest).
export type GitHubRepo = { id: number; full_name: string; private: boolean; html_url: string };
export type GitHubIssue = {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: string;
  html_url: string;
  updated_at: string;
  user: { login: string } | null;
  labels?: ({ name?: string } | string)[];
  /** Present when the issue is a pull request. */
  pull_request?: unknown;
};
