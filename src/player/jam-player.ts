/**
 * The jam version's player (issue 56 §4, ADR 050): runs inside the sandboxed iframe of
 * /play/jam-version/{id}, after @turbowarp/scaffolding's own script (the global `Scaffolding`). It
 * reaches nothing: the entry page sends it the `.sb3` it downloaded from this site, and the green
 * flag, stop and focus as messages; it answers `ready`, `loaded`, `running` and `failed`. No cloud
 * variables (no cloud provider is added), no extensions loaded from a project, no hardware, and the
 * interpreter rather than the compiler (which needs `unsafe-eval`). Built on its own into a classic
 * script (scripts/jam-player-files.ts): the sandbox gives the frame an opaque origin, and module
 * scripts would need CORS.
 */

interface ScaffoldingInstance {
  width: number;
  height: number;
  resizeMode: 'preserve-ratio' | 'dynamic-resize' | 'stretch';
  editableLists: boolean;
  shouldConnectPeripherals: boolean;
  usePackagedRuntime: boolean;
  appendTo(element: HTMLElement): void;
  relayout(): void;
  setup(): void;
  setUsername(username: string): void;
  loadProject(project: ArrayBuffer | Uint8Array): Promise<void>;
  start(): void;
  greenFlag(): void;
  stopAll(): void;
  vm: {
    start(): void;
    setCompilerOptions?(options: { enabled: boolean }): void;
    securityManager?: Record<string, unknown>;
    runtime: { on(event: string, listener: () => void): void };
    extensionManager?: { isExtensionLoaded(id: string): boolean };
  };
}

declare const Scaffolding: { Scaffolding: new () => ScaffoldingInstance };

export type PlayerMessage =
  { type: 'load'; project: ArrayBuffer } | { type: 'green-flag' } | { type: 'stop' } | { type: 'focus' };

const post = (message: Record<string, unknown>) => window.parent.postMessage({ source: 'jam-player', ...message }, '*');

function start(): void {
  const scaffolding = new Scaffolding.Scaffolding();
  scaffolding.width = 480;
  scaffolding.height = 360;
  scaffolding.resizeMode = 'preserve-ratio';
  scaffolding.editableLists = false;
  scaffolding.shouldConnectPeripherals = false;
  scaffolding.usePackagedRuntime = false;
  scaffolding.setup();
  const { vm } = scaffolding;
  // The interpreter: the compiler makes functions from text, which this frame's policy forbids.
  vm.setCompilerOptions?.({ enabled: false });
  // No extension from a project's own URL, whatever the project asks (the server refused those already).
  if (vm.securityManager) {
    vm.securityManager.canLoadExtensionFromProject = () => Promise.resolve(false);
    vm.securityManager.getSandboxMode = () => Promise.resolve('iframe');
  }
  const stage = document.getElementById('stage')!;
  scaffolding.appendTo(stage);
  vm.runtime.on('PROJECT_RUN_START', () => post({ type: 'running', running: true }));
  vm.runtime.on('PROJECT_RUN_STOP', () => post({ type: 'running', running: false }));

  let loaded = false;
  window.addEventListener('message', (event: MessageEvent<PlayerMessage>) => {
    // Only the page that holds this frame speaks to it.
    if (event.source !== window.parent || typeof event.data !== 'object' || event.data === null) return;
    const message = event.data;
    if (message.type === 'load' && !loaded && message.project instanceof ArrayBuffer) {
      loaded = true;
      scaffolding
        .loadProject(message.project)
        .then(() => {
          // The runtime's frame loop, without a green flag (scaffolding's own start() clicks it): nothing runs before the flag.
          vm.start();
          scaffolding.relayout();
          // The music extension's instruments come from another site, which this frame cannot reach.
          post({ type: 'loaded', silentMusic: vm.extensionManager?.isExtensionLoaded('music') === true });
        })
        .catch(() => post({ type: 'failed' }));
    } else if (message.type === 'green-flag' && loaded) {
      scaffolding.greenFlag();
      stage.focus();
    } else if (message.type === 'stop' && loaded) scaffolding.stopAll();
    else if (message.type === 'focus') stage.focus();
  });
  // Clicking the stage gives it the keyboard.
  stage.addEventListener('pointerdown', () => stage.focus());
  post({ type: 'ready' });
}

start();
