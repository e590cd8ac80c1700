import { useTranslation } from '../adapters/i18n';
import { Link } from '../adapters/router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="page-title">
      <h1 id="page-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="button" to="/">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
