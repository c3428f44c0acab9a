import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/**
 * /s/{id}: the short link of emails. Replaces itself with /a/{id}?email=1,
 * keeping the other query parameters, and shows 'Redirecting...'; without an id it goes to /.
 */
export default function ShortLinkPage() {
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!id) {
      navigate('/', { replace: true });
      return;
    }
    const params = new URLSearchParams(location.search);
    params.set('email', '1');
    navigate(`/a/${encodeURIComponent(id)}?${params.toString()}`, { replace: true });
  }, [id, location.search, navigate]);
  return (
    <p role="status" className="py-16 text-center text-slate-600 dark:text-slate-400">
      Redirecting...
    </p>
  );
}
