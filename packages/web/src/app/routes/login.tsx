import { LoginPage } from '../../features/auth';
import { RouteErrorBoundary } from '../route-error-boundary';

export { LoginPage as Component, RouteErrorBoundary as ErrorBoundary };
