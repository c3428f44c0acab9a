import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { FeedbackDialog } from '../features/feedback/feedback-dialog';

/**
 * The modals the shell opens from the sidebar and the user menu. Each is a feature's component taking `{ open, onClose }`; the shell only knows
 * which exist. A tool missing here has no menu entry.
 */
export type Tool = 'profile' | 'models' | 'search' | 'export' | 'test-user' | 'logs';

type ToolComponent = ComponentType<{ open: boolean; onClose: () => void }>;

export const TOOLS: Partial<Record<Tool, { label: string; component: ToolComponent }>> = {};

/** Registers the lazily loaded modal of a tool (app/ composes features; features never import each other). */
export function lazyTool(load: () => Promise<{ default: ToolComponent }>): ToolComponent {
  const Component = lazy(load);
  return function LazyTool(props) {
    return props.open ? (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    ) : null;
  };
}

interface ShellTools {
  openTool(tool: Tool): void;
  openFeedback(articleId?: number): void;
  has(tool: Tool): boolean;
}

const ShellToolsContext = createContext<ShellTools>({ openTool: () => undefined, openFeedback: () => undefined, has: () => false });

export function useShellTools(): ShellTools {
  return useContext(ShellToolsContext);
}

export function ShellToolsProvider({ children }: { children: ReactNode }) {
  const [tool, setTool] = useState<Tool | null>(null);
  const [feedback, setFeedback] = useState<{ open: boolean; articleId?: number }>({ open: false });
  const close = useCallback(() => setTool(null), []);
  const closeFeedback = useCallback(() => setFeedback({ open: false }), []);
  const value = useMemo<ShellTools>(
    () => ({
      openTool: (next) => setTool(next),
      openFeedback: (articleId) => setFeedback({ open: true, articleId }),
      has: (name) => Boolean(TOOLS[name]),
    }),
    [],
  );
  return (
    <ShellToolsContext.Provider value={value}>
      {children}
      {Object.entries(TOOLS).map(([name, entry]) => {
        const Component = entry.component;
        return <Component key={name} open={tool === name} onClose={close} />;
      })}
      <FeedbackDialog open={feedback.open} articleId={feedback.articleId} onClose={closeFeedback} />
    </ShellToolsContext.Provider>
  );
}

// The profile and model modals (features/profile): 'Edit profile' in the sidebar, 'Edit Models' in the user menu.
TOOLS.profile = { label: 'Edit profile', component: lazyTool(() => import('../features/profile/profile-modal')) };
TOOLS.models = { label: 'Edit Models', component: lazyTool(() => import('../features/profile/models-modal')) };
// Export Data (features/inspection): the superuser's pipeline data as Markdown.
TOOLS.export = { label: 'Export Data', component: lazyTool(() => import('../features/inspection/export-modal')) };

// Superuser tools: the Search modal, Add Test User, the conversation log.
TOOLS.search = { label: 'Search', component: lazyTool(() => import('../features/search/search-modal')) };
TOOLS['test-user'] = { label: 'Add Test User', component: lazyTool(() => import('../features/tools/test-user-modal')) };
TOOLS.logs = { label: 'Conversation Logs', component: lazyTool(() => import('../features/tools/conversation-logs-modal')) };
