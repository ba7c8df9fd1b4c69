"""The page the viewer's server sends to browsers: viser's prebuilt client page with a short script
in front of it that makes a software renderer (Chromium's SwiftShader, Mesa's llvmpipe: a browser
without a GPU, as on a server or in CI) cheaper.

Why: viser's client renders on demand, but each scene message keeps it rendering for a quarter
of a second. With poses arriving 20 times a second it renders continuously at the display's rate,
and a software renderer then takes a whole core (measured: 20 ms of CPU per frame of an empty scene
at 800 x 600, 50-80 ms for the 100-body chain), on the machine that runs the solve. With a software
renderer the script therefore
- renders at most `softwareFramesPerSecond` frames per second (one per graphics update at 20 Hz;
  the environment variable MULTIDYN_VIEWER_SOFTWARE_FPS sets another) by spacing the page's
  animation frames, and
- asks WebGL for no multisampling (a third of a software frame's cost).
With a GPU nothing is changed. The script only wraps two browser functions, so it does not depend
on viser's client code.
"""
import hashlib
import os
import pathlib
import tempfile

#: the most frames per second a software-rendering browser draws (the default graphics update rate; the environment
#: variable MULTIDYN_VIEWER_SOFTWARE_FPS sets another, e.g. 10 to halve the CPU a software renderer takes)
softwareFramesPerSecond = 20


def SoftwareFramesPerSecond():
    value = os.environ.get('MULTIDYN_VIEWER_SOFTWARE_FPS', '')
    try:
        return max(1, int(value)) if value else softwareFramesPerSecond
    except ValueError:
        raise ValueError(f"viewer: MULTIDYN_VIEWER_SOFTWARE_FPS must be a whole number of frames per second, got "
                         f"{value!r}") from None


_script = """<script>
/* multidyn viewer: cheaper rendering on a software renderer (see multidyn/viewer/clientPage.py) */
(() => {
  const maxFramesPerSecond = %(fps)d;
  let software = null;
  function IsSoftware() {
    if (software === null) {
      software = false;
      try {
        const gl = document.createElement('canvas').getContext('webgl');
        const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
        const name = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
        software = /swiftshader|llvmpipe|softpipe|software/i.test(name);
        const lose = gl && gl.getExtension('WEBGL_lose_context');
        if (lose) lose.loseContext();
      } catch (error) { software = false; }
      window.__multidynSoftwareRenderer = software;
    }
    return software;
  }
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, attributes) {
    if ((type === 'webgl2' || type === 'webgl') && IsSoftware())
      attributes = Object.assign({}, attributes || {}, {antialias: false});
    return getContext.call(this, type, attributes);
  };
  const request = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  const gap = 1000 / maxFramesPerSecond;
  const pending = new Map();  // our id -> animation frame id, or -(timeout id) while waiting
  let counter = 0, last = -1e9;
  window.requestAnimationFrame = (callback) => {
    const id = ++counter;
    const run = () => pending.set(id, request((time) => { pending.delete(id); last = time; callback(time); }));
    const wait = last + gap - performance.now();
    if (wait > 1 && IsSoftware()) pending.set(id, -setTimeout(run, wait)); else run();
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    const handle = pending.get(id);
    if (handle === undefined) return;
    pending.delete(id);
    if (handle < 0) clearTimeout(-handle); else cancel(handle);
  };
})();
</script>
"""


def ClientDirectory():
    """a directory with viser's client page and the script above in its head (made once per viser build and script)"""
    import viser
    build = os.path.join(os.path.dirname(viser.__file__), 'client', 'build')
    with open(os.path.join(build, 'index.html'), encoding='utf-8') as file:
        page = file.read()
    script = _script % {'fps': SoftwareFramesPerSecond()}
    digest = hashlib.sha256((page + script).encode()).hexdigest()[:16]
    directory = os.path.join(tempfile.gettempdir(), f"multidyn-viewer-page-{digest}")
    target = os.path.join(directory, 'index.html')
    if not os.path.exists(target):
        head = page.find('<head>')
        if head < 0:
            raise RuntimeError("viewer: viser's client page has no <head>; is this a supported viser version?")
        os.makedirs(directory, exist_ok=True)
        temporary = f"{target}.{os.getpid()}"
        with open(temporary, 'w', encoding='utf-8') as file:
            file.write(page[:head + len('<head>')] + script + page[head + len('<head>'):])
        os.replace(temporary, target)  # whole or not at all, also with several processes
    return directory


def ServerWithPage(viser, **arguments):
    """viser.ViserServer(**arguments), its web server sending ClientDirectory()'s page. viser takes the client's
    directory from inside its constructor, so its server class is swapped for that call only."""
    infra = viser.infra
    original = infra.WebsockServer
    directory = ClientDirectory()

    class PageServer(original):
        def __init__(self, *positional, **keywords):
            keywords['http_server_root'] = pathlib.Path(directory)
            super().__init__(*positional, **keywords)

    infra.WebsockServer = PageServer
    try:
        return viser.ViserServer(**arguments)
    finally:
        infra.WebsockServer = original
