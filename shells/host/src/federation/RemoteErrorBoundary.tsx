import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SectionUnavailable } from './SectionUnavailable.tsx';

interface Props {
  remote: string;
  children: ReactNode;
}

/** Catches a remote that throws while loading or rendering, so only its section goes down. */
export class RemoteErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`Remote ${this.props.remote} crashed`, error, info.componentStack);
  }

  override render() {
    return this.state.error ? <SectionUnavailable remote={this.props.remote} /> : this.props.children;
  }
}
