"""A user function's error shows the user's frames first.

The compiled module turns an exception raised in a Python user function into a UserFunctionError
naming the item and the function, and keeps the user's exception, whose traceback holds only the
user's frames (the function was called from C++), in _multidyn._lastUserFunctionException. The
public calls that run user functions (mbs.SolveDynamic, ...) are wrapped by UserFrameFirst: it
raises the UserFunctionError anew from the user's exception, without multidyn's frames between
the user's call and the error. Python then prints the user's exception with its frames first,
then "The above exception was the direct cause of ...", the user's call and the UserFunctionError."""
import functools as _functools

from multidyn import _multidyn


def _UserException(error):
    """the user's exception that caused the UserFunctionError `error`, or None (its text is in the error's)"""
    cause = getattr(_multidyn, "_lastUserFunctionException", None)
    _multidyn._lastUserFunctionException = None
    if cause is None or f"{type(cause).__name__}: {cause}" not in str(error):
        return None  # an error of another kind (a wrong return value), or a stale exception
    return cause


def UserFrameFirst(function):
    """function, whose UserFunctionError is raised from the user's exception with multidyn's frames left out"""
    @_functools.wraps(function)
    def UserFunctionErrorsFromTheUsersFrame(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except _multidyn.UserFunctionError as error:
            cause = _UserException(error)
            if cause is None:
                raise
            raise error.with_traceback(None) from cause
    return UserFunctionErrorsFromTheUsersFrame
