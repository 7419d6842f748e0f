import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from '@/app/route-error-page';

interface Props {
  /** The address: another one clears the error and renders the children again. */
  readonly resetKey: string;
  readonly children: ReactNode;
}

interface State {
  readonly key: string;
  readonly failed: { readonly error: unknown } | null;
}

/** Shows the error page in place of a page that threw while rendering. */
export class RouteErrorBoundary extends Component<Props, State> {
  constructor(props: Props) {
    super(props);
    this.state = { key: props.resetKey, failed: null };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { key: props.resetKey, failed: null };
  }

  override render() {
    const { failed } = this.state;
    return failed ? <RouteErrorPage error={failed.error} /> : this.props.children;
  }
}
