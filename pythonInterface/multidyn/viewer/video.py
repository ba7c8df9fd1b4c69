"""Exudyn's exudyn.interactive.ConvertImages2Video: an image series (exportImages: a solve's recordImagesInterval,
SC.renderer.RedrawAndSaveImage, the solution player's 'record images') encoded as an H.264 video by the ffmpeg
program (Debian: apt-get install ffmpeg). Exudyn calls it through the ffmpeg-python package with the same options;
here the program is run directly, so nothing but ffmpeg itself is needed."""
import os
import shutil
import subprocess


def ConvertImages2Video(workingDir='images', inputPattern='frame%05d.png', outputFile='animation.mp4',
                        inputFrameRate=25, outputFrameRate=25, compressionCRF=28, startNumber=0, totalFrames=None):
    """encodes workingDir/inputPattern (from number startNumber; totalFrames of them, all if None) at inputFrameRate
    images per second into workingDir/outputFile (H.264, yuv420p, constant rate factor compressionCRF, outputFrameRate
    frames per second); returns the video's path"""
    function = 'ConvertImages2Video'
    for name, value in (('inputFrameRate', inputFrameRate), ('outputFrameRate', outputFrameRate)):
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not value > 0:
            raise ValueError(f"{function}: parameter '{name}': expected a positive number, got {value!r}")
    if not isinstance(compressionCRF, int) or isinstance(compressionCRF, bool) or not 0 <= compressionCRF <= 51:
        raise ValueError(f"{function}: parameter 'compressionCRF': expected an integer in 0..51, got {compressionCRF!r}")
    if totalFrames is not None and (not isinstance(totalFrames, int) or totalFrames < 1):
        raise ValueError(f"{function}: parameter 'totalFrames': expected None or a positive integer, got {totalFrames!r}")
    pattern = os.path.join(workingDir, inputPattern) if workingDir else inputPattern
    output = os.path.join(workingDir, outputFile) if workingDir else outputFile
    try:
        first = pattern % startNumber
    except (TypeError, ValueError) as error:
        raise ValueError(f"{function}: parameter 'inputPattern': expected a pattern with one integer field such as "
                         f"'frame%05d.png', got {inputPattern!r}") from error
    if not os.path.isfile(first):
        raise FileNotFoundError(f"{function}: no first image {first} (workingDir {workingDir!r}, inputPattern "
                                f"{inputPattern!r}, startNumber {startNumber})")
    program = shutil.which('ffmpeg')
    if program is None:
        raise RuntimeError(f"{function}: the ffmpeg program is not installed (Debian: apt-get install ffmpeg); the "
                           f"images are in {workingDir!r}")
    command = [program, '-y', '-loglevel', 'error', '-framerate', str(inputFrameRate), '-start_number', str(startNumber),
               '-i', pattern, '-vcodec', 'libx264', '-crf', str(compressionCRF),
               '-vf', f'fps={outputFrameRate},format=yuv420p']
    if totalFrames is not None:
        command += ['-frames:v', str(totalFrames)]
    result = subprocess.run(command + [output], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{function}: ffmpeg failed (exit {result.returncode}): {result.stderr.strip()[-500:]}")
    return output
