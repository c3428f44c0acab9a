import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { authClient } from '../../lib/auth-client';
import { documentRedirectUrl } from './document-url';

/**
 * /d/{id} (signed in): shows 'Redirecting...', looks the document up and
 * sends the browser to its original address, highlighting ?keyword= with a text fragment. A
 * missing document, an address that is not a web address, or a failed lookup goes to /.
 */
export default function DocumentRedirectPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const keyword = params.get('keyword');
  useEffect(() => {
    const controller = new AbortController();
    if (!id || !/^\d+$/.test(id)) {
      navigate('/', { replace: true });
      return;
    }
    authClient
      .authedApi<{ id: number; url: string | null }>(`/document/${id}/`, { signal: controller.signal })
      .then((doc) => {
        const target = documentRedirectUrl(doc.url, keyword);
        if (target) window.location.replace(target);
        else navigate('/', { replace: true });
      })
      .catch(() => {
        if (!controller.signal.aborted) navigate('/', { replace: true });
      });
    return () => controller.abort();
  }, [id, keyword, navigate]);
  return (
    <p role="status" className="py-16 text-center text-slate-600 dark:text-slate-400">
      Redirecting...
    </p>
  );
}
