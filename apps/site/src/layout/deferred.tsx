import {
  type ComponentType,
  createContext,
  memo,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { deferredPart } from './deferred.css';

/**
 * While an island hydrates: settles when its deferred parts may fetch their code (the first sign of a
 * person: src/island.tsx). Elsewhere (the app, stories, a page rendered afresh) there is none, and a
 * deferred part loads as soon as it renders.
 */
export const DeferredGate = createContext<Promise<void> | undefined>(undefined);

const preloads = new Set<() => Promise<void>>();

/** Loads every deferred part's code, so that a render on the server (or a story) has it all at once. */
export async function preloadDeferred(): Promise<void> {
  await Promise.all([...preloads].map((preload) => preload()));
}

type Shallow = Record<string, unknown>;

function shallowEqual(a: Shallow, b: Shallow): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** One deferred part's code: loaded once, however many times the part is rendered. */
class PartCode<Props> {
  Component: ComponentType<Props> | undefined;
  private loading: Promise<void> | undefined;
  private gated: Promise<void> | undefined;

  constructor(private readonly load: () => Promise<ComponentType<Props>>) {
    preloads.add(() => this.preload());
  }

  preload(): Promise<void> {
    this.loading ??= this.load().then((component) => {
      this.Component = component;
    });
    return this.loading;
  }

  /** Loaded once the gate has settled. */
  after(gate: Promise<void>): Promise<void> {
    this.gated ??= gate.then(() => this.preload());
    return this.gated;
  }
}

type ContentProps = { code: PartCode<object>; props: object; live: boolean; onLive: () => void };

function Content({ code, props, onLive }: ContentProps) {
  const gate = use(DeferredGate);
  if (!code.Component) use(gate ? code.after(gate) : code.preload());
  useEffect(() => onLive(), [onLive]);
  const Component = code.Component as ComponentType<object>;
  return <Component {...props} />;
}

// Nothing reaches the boundary until the part is live: see `deferred`.
const Held = memo(
  function Held(content: ContentProps) {
    return (
      <Suspense fallback={null}>
        <Content {...content} />
      </Suspense>
    );
  },
  (previous, next) =>
    !next.live || (previous.live && shallowEqual(previous.props as Shallow, next.props as Shallow)),
);

function DeferredPart({ code, props }: { code: PartCode<object>; props: object }) {
  const [live, setLive] = useState(false);
  const onLive = useCallback(() => setLive(true), []);
  const frame = useRef<HTMLDivElement>(null);
  const held = useRef<SubmitEvent[]>([]);

  useEffect(() => {
    const element = frame.current;
    if (live || !element) return;
    const hold = (event: SubmitEvent) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      held.current.push(event);
    };
    element.addEventListener('submit', hold, true);
    return () => element.removeEventListener('submit', hold, true);
  }, [live]);

  useEffect(() => {
    if (!live) return;
    for (const { target, submitter } of held.current.splice(0)) {
      if (target instanceof HTMLFormElement && target.isConnected) {
        target.requestSubmit(submitter?.isConnected ? submitter : undefined);
      }
    }
  }, [live]);

  return (
    <div ref={frame} className={deferredPart} data-deferred={live ? 'live' : 'pending'}>
      <Held code={code} props={props} live={live} onLive={onLive} />
    </div>
  );
}

/**
 * A part of a prerendered page whose code is fetched only when it is needed: on an island, at the
 * first sign of a person (`DeferredGate`); until then its HTML is on screen and works as HTML does
 * (text can be typed; a form's bound controls take that text as they hydrate). A form submitted
 * before its code arrives is held and submitted again once the part is live, never sent as a
 * page-reloading GET.
 *
 * React can hydrate such a part only with the props the HTML was made with: a boundary that
 * receives new props before it hydrates is rendered afresh, its HTML replaced by nothing. So the
 * part keeps the props of its first render until it is live, then takes the current ones.
 *
 * The part is wrapped in a `display: contents` element, which marks it pending for the submit guard.
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): (props: Props) => ReactNode {
  const code = new PartCode(load) as unknown as PartCode<object>;
  return (props) => <DeferredPart code={code} props={props} />;
}
