"""Exudyn's exudyn.signalProcessing: filtering and differentiating sampled signals (Savitzky-Golay from
scipy or finite differences), the FFT's magnitude and phase, and interpolation in a signal of constant
sampling rate."""
import numpy as np

from multidyn.api.console import Print as _Print

__all__ = ['FilterSensorOutput', 'FilterSignal', 'ComputeFFT', 'GetInterpolatedSignalValue']


def _Processed(function, x, stepsForward, stepsBackward, filterWindow, polyOrder, derivative, centralDifferentiate):
    """x filtered (Savitzky-Golay) or differentiated by finite differences; stepsForward[i] = t[i+1] - t[i],
    stepsBackward[i] = t[i] - t[i-1] (extended at the ends)"""
    if filterWindow == 0:
        if derivative == 0:
            _Print(f"WARNING: {function}: no processing")
            return np.array(x, dtype=float)
        if derivative == 1:
            forward = np.diff(x, append=x[-1]) / stepsForward
            if not centralDifferentiate:
                return forward
            return 0.5 * (forward + np.diff(x, prepend=x[0]) / stepsBackward)
        if derivative == 2:
            second = np.diff(x, n=2, prepend=x[0], append=x[-1]) / stepsForward**2
            if len(x) > 2:  # the one-sided ends take their neighbours' values
                second[0], second[-1] = second[1], second[-2]
            return second
        raise ValueError(f"{function}: without filter (filterWindow=0) only derivative 0, 1 or 2, got {derivative}")
    if filterWindow < 1 or filterWindow % 2 != 1:
        raise ValueError(f"{function}: filterWindow must be 0 or an odd integer >= 1, got {filterWindow}")
    from scipy.signal import savgol_filter
    y = savgol_filter(x, window_length=filterWindow, polyorder=polyOrder, deriv=derivative)
    return y / stepsForward**derivative if derivative > 0 else y


def FilterSensorOutput(signal, filterWindow=5, polyOrder=3, derivative=0, centralDifferentiate=True):
    """signal: 2D array as a sensor's stored data (column 0 time, nearly constant steps; other columns
    values); returns an array of the same shape with each value column filtered (Savitzky-Golay with
    filterWindow (odd) and polyOrder) and/or differentiated derivative times; filterWindow=0: finite
    differences (central for the first derivative if centralDifferentiate)"""
    signal = np.asarray(signal, dtype=float)
    if signal.ndim != 2 or signal.shape[1] < 2:
        raise ValueError("FilterSensorOutput: signal must be a 2D array with time in column 0 and at least one data "
                         f"column, got shape {signal.shape}")
    steps = np.diff(signal[:, 0])
    stepsForward = np.append(steps, steps[-1])
    stepsBackward = np.append(steps[0], steps)
    result = signal.copy()
    for column in range(1, signal.shape[1]):
        result[:, column] = _Processed('FilterSensorOutput', signal[:, column], stepsForward, stepsBackward,
                                       filterWindow, polyOrder, derivative, centralDifferentiate)
    return result


def FilterSignal(signal, samplingRate=-1, filterWindow=5, polyOrder=3, derivative=0, centralDifferentiate=True):
    """as FilterSensorOutput for a 1D signal; samplingRate is the time step between samples (needed for
    derivatives)"""
    signal = np.asarray(signal, dtype=float)
    if derivative != 0 and samplingRate <= 0:
        raise ValueError(f"FilterSignal: a derivative needs samplingRate (the time step) > 0, got {samplingRate}")
    return _Processed('FilterSignal', signal, samplingRate, samplingRate, filterWindow, polyOrder, derivative,
                      centralDifferentiate)


def ComputeFFT(time, data):
    """[frequency [Hz], magnitude, phase [rad]] of the one-sided spectrum of data sampled at the constant
    time step time[1] - time[0]; magnitude is the amplitude of each harmonic (2 |Y_k| / N)"""
    data = np.asarray(data)
    n = len(data)
    spectrum = np.fft.fftn(data)[0:n // 2 + 1]
    frequency = np.arange(n // 2 + 1) / (n * (time[1] - time[0]))
    return [frequency, 2. * np.abs(spectrum) / n, np.angle(spectrum)]


def GetInterpolatedSignalValue(time, dataArray, timeArray=[], dataArrayIndex=-1, timeArrayIndex=-1,
                               rangeWarning=True, tolerance=1e-6):
    """the value of a signal of constant sampling rate at time, linearly interpolated; dataArray and timeArray
    1D, or 2D with the column given by dataArrayIndex/timeArrayIndex; timeArray=[] takes the times from
    dataArray; outside the time range the first/last value (with a warning if rangeWarning)"""
    if isinstance(timeArray, (list, np.ndarray)) and len(timeArray) == 0:
        timeArray = dataArray
    dataArray, timeArray = np.asarray(dataArray), np.asarray(timeArray)
    if dataArray.ndim != 1 and dataArrayIndex == -1:
        raise ValueError("GetInterpolatedSignalValue: a 2D dataArray needs dataArrayIndex (its data column)")
    if timeArray.ndim != 1 and timeArrayIndex == -1:
        raise ValueError("GetInterpolatedSignalValue: a 2D timeArray needs timeArrayIndex (its time column)")
    if len(dataArray) < 2 or len(timeArray) < 2:
        raise ValueError("GetInterpolatedSignalValue: dataArray and timeArray need at least 2 rows")
    times = timeArray if timeArrayIndex == -1 else timeArray[:, timeArrayIndex]
    values = dataArray if dataArrayIndex == -1 else dataArray[:, dataArrayIndex]
    step = times[1] - times[0]
    if step == 0.:
        raise ValueError("GetInterpolatedSignalValue: sample rate is zero (timeArray[1] == timeArray[0])")
    if time < times[0]:
        if rangeWarning:
            _Print("Warning: GetInterpolatedSignalValue: index returned smaller than 0; using 0 instead")
        return values[0]
    index = int((time - times[0]) / step)
    if index >= len(values) - 1:
        if time > times[-1] and rangeWarning:
            _Print("Warning: GetInterpolatedSignalValue: time larger than available time data; using last row of "
                   "dataArray instead")
        return values[-1]
    timeA = times[0] + index * step
    timeB = timeA + step
    if abs(timeA - times[index]) > tolerance or abs(timeB - times[index + 1]) > tolerance:
        _Print("Warning: GetInterpolatedSignalValue: timeArray does not seem to have constant sampling rate; use larger "
               "tolerance or numpy.interp(...) instead")
    return (values[index] * (timeB - time) + values[index + 1] * (time - timeA)) / step
