"""The viewer's browser tests' headless Chromium (Debian's, driven by Playwright; WebGL through
SwiftShader) as the fixtures `browser` and `page` (imported by the test modules: a conftest.py here
would shadow the tests' top-level one), and helpers: screenshots of the 3D view, colour masks, the
camera projection of the viewer, waiting for a condition."""
import io
import os
import shutil
import time

import numpy as np
import pytest

#: the browser window of every test [pixels]
viewport = {'width': 900, 'height': 600}


def ChromiumPath():
    for path in (os.environ.get('MULTIDYN_CHROMIUM'), '/usr/bin/chromium', shutil.which('chromium'),
                 shutil.which('chromium-browser')):
        if path and os.path.exists(path):
            return path
    return None


@pytest.fixture(scope='session')
def browser():
    pytest.importorskip('viser', reason='the viewer needs viser (pip install multidyn[viewer])')
    playwright = pytest.importorskip('playwright.sync_api', reason='pip install playwright (uses the system chromium)')
    path = ChromiumPath()
    if path is None:
        pytest.skip('no chromium (apt-get install chromium)')
    with playwright.sync_playwright() as p:
        instance = p.chromium.launch(executable_path=path, args=[
            '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox',
            '--disable-dev-shm-usage'])
        yield instance
        instance.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=viewport, device_scale_factor=1)
    page = context.new_page()
    yield page
    context.close()


def Screenshot(page):
    """the page as an RGB array (height x width x 3)"""
    import imageio.v3 as imageio
    return np.asarray(imageio.imread(io.BytesIO(page.screenshot()), extension='.png'))[:, :, :3].astype(int)


def CanvasScreenshot(page):
    """the 3D view only (viser's canvas, without the panel), and its offset in the page"""
    box = page.locator('canvas').first.bounding_box()
    image = Screenshot(page)
    x0, y0 = int(round(box['x'])), int(round(box['y']))
    return image[y0:y0 + int(round(box['height'])), x0:x0 + int(round(box['width']))]


def IsRed(pixel):
    r, g, b = pixel[:3]
    return r > 120 and r > 2 * g and r > 2 * b


def IsBlue(pixel):
    r, g, b = pixel[:3]
    return b > 120 and b > 2 * r and b > 2 * g


def Mask(image, test):
    """pixels of the colour (IsRed or IsBlue), without the view's axes gizmo in the bottom-left corner"""
    r, g, b = image[:, :, 0], image[:, :, 1], image[:, :, 2]
    if test is IsRed:
        mask = (r > 120) & (r > 2 * g) & (r > 2 * b)
    else:
        mask = (b > 120) & (b > 2 * r) & (b > 2 * g)
    mask[-70:, :70] = False
    return mask


def Centroid(mask):
    rows, columns = np.nonzero(mask)
    if len(rows) == 0:
        return None
    return np.array([columns.mean(), rows.mean()])


def Near(mask, pixel, radius):
    """the mask within radius pixels (a square) of pixel: leaves out the view's axes gizmo and overlays"""
    u, v = int(round(pixel[0])), int(round(pixel[1]))
    near = np.zeros_like(mask)
    near[max(v - radius, 0):v + radius + 1, max(u - radius, 0):u + radius + 1] = True
    return mask & near


def WaitFor(condition, timeout=30., interval=0.25):
    """polls condition() until it is true (returns its value) or timeout seconds passed (returns the last value)"""
    end = time.monotonic() + timeout
    value = condition()
    while (value is None or (isinstance(value, (bool, np.bool_)) and not value)) and time.monotonic() < end:
        time.sleep(interval)
        value = condition()
    return value


def ProjectToPixel(point, renderState, width, height):
    """pixel [u, v] of a world point for the viewer's camera (vertical field of view of the viewer,
    looking at centerPoint along -z of the model rotation, zoom = visible height at the centre)"""
    from multidyn.viewer.server import fieldOfView
    A = np.asarray(renderState['modelRotation'], dtype=float)
    center = np.asarray(renderState['centerPoint'], dtype=float)
    distance = 0.5 * renderState['zoom'] / np.tan(0.5 * fieldOfView)
    p = A @ (np.asarray(point, dtype=float) - center)  # camera axes: x right, y up, z towards the viewer
    depth = distance - p[2]
    focal = 0.5 * height / np.tan(0.5 * fieldOfView)  # pixels per unit at depth 1
    return np.array([0.5 * width + focal * p[0] / depth, 0.5 * height - focal * p[1] / depth])
