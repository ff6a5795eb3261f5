import { NotFoundPage } from '../../components/errors/not-found-page.tsx';

export function Component() {
  return <NotFoundPage />;
}
