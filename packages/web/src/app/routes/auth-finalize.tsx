import { FinalizePage } from '../../features/auth';
import { RouteErrorBoundary } from '../route-error-boundary';

export { FinalizePage as Component, RouteErrorBoundary as ErrorBoundary };
