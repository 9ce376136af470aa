import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Told about the error once the fallback is shown (the contact form then reports outcomes itself). */
  onError?: (error: Error) => void;
}

interface State {
  error: Error | null;
}

/**
 * Wraps the contact form island and, separately, its toasts (so a toast failure leaves the form working):
 * a render error shows "Unexpected Application Error!" and the error's message instead of a blank gap.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected Application Error!', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">Unexpected Application Error!</p>
        <p className="mt-1">{error.message}</p>
      </div>
    );
  }
}
