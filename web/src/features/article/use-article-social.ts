// An article's like, view and fork (seed 003 §3 social_info). The view is counted once when the
// page shows the article; a like is shown at once and rolled back if the server refuses; a fork
// opens the reader's own copy. A visitor is asked to sign in to like or fork.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { forkArticle, likeArticle, recordArticleView, unlikeArticle } from '../../../../generated/react-query/articles/articles';
import type { ArticleSocialInfo } from '../../../../generated/react-query/model';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { setCachedSocial } from './article-query';

export const LIKE_FAILED = 'Failed to update your like';

export function useArticleSocial(slug: string, social: ArticleSocialInfo | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const { open } = useModals();
  const [busy, setBusy] = useState<'like' | 'fork' | null>(null);
  const viewed = useRef(false);

  const loaded = !!social;
  useEffect(() => {
    if (!loaded || viewed.current) return;
    viewed.current = true;
    // Counting is the server's: a failure only means this view is not counted.
    recordArticleView(slug)
      .then((r) => r.status === 200 && setCachedSocial(queryClient, slug, r.data))
      .catch(() => {});
  }, [loaded, slug, queryClient]);

  const signIn = (title: string) => open('login', { origin: 'article-social', title });

  const toggleLike = async () => {
    if (!user) return signIn('Sign in to like this page');
    if (!social || busy) return;
    setBusy('like');
    const next = !social.user_likes;
    setCachedSocial(queryClient, slug, { ...social, user_likes: next, like_count: social.like_count + (next ? 1 : -1) });
    try {
      const r = next ? await likeArticle(slug) : await unlikeArticle(slug);
      if (r.status === 200) setCachedSocial(queryClient, slug, r.data);
    } catch (err) {
      setCachedSocial(queryClient, slug, social);
      toast.error(problemMessage(err, LIKE_FAILED), { duration: TOAST_DURATION.normal });
    } finally {
      setBusy(null);
    }
  };

  const fork = async () => {
    if (!user) return signIn('Sign in to make your own copy');
    if (busy) return;
    setBusy('fork');
    try {
      const r = await forkArticle(slug);
      if (r.status === 201) {
        toast.success('Your copy is in your library', { duration: TOAST_DURATION.normal });
        navigate(`/search/${r.data.thread_url_slug}`);
      }
    } catch (err) {
      toast.error(problemMessage(err, 'Failed to copy this thread'), { duration: TOAST_DURATION.normal });
    } finally {
      setBusy(null);
    }
  };

  return { toggleLike, fork, busy };
}
