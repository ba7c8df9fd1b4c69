"""multidyn.api.argumentChecks: the flag and integer checks every Python module uses."""
import numpy as np
import pytest

from multidyn.api.argumentChecks import CheckedFlag, IsBool, IsInteger


@pytest.mark.parametrize('value, expected', [(True, True), (False, False), (np.True_, True), (np.False_, False),
                                             (0, False), (1, True), (np.int64(1), True), (np.int32(0), False)])
def test_checkedFlagAcceptsBoolsAndZeroOrOne(value, expected):
    result = CheckedFlag(value, "F: parameter 'p'")
    assert type(result) is bool and result is expected


@pytest.mark.parametrize('value', [2, -1, 1.0, 'yes', None, [True], np.array([True, False])])
def test_checkedFlagRejectsTheRestNamingWhere(value):
    with pytest.raises(TypeError, match=r"^F: parameter 'p': expected True or False, got "):
        CheckedFlag(value, "F: parameter 'p'")


def test_checkedFlagShortensLongValues():
    with pytest.raises(TypeError) as error:
        CheckedFlag('x' * 500, "F: parameter 'p'")
    assert len(str(error.value)) < 120


def test_isIntegerAndIsBool():
    assert all(IsInteger(v) for v in (0, -3, np.int64(7), np.uint8(2)))
    assert not any(IsInteger(v) for v in (True, np.True_, 1.0, '1', None))
    assert all(IsBool(v) for v in (True, False, np.True_))
    assert not any(IsBool(v) for v in (0, 1, None, 'True'))
