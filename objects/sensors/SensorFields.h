// The parameters every sensor has, added after its target parameter.
#pragma once

#include "core/items/Sensor.h"

namespace multidyn {

template <class T> FieldTableBuilder<T>& AddSensorFields(FieldTableBuilder<T>& builder) {
  return builder.Add(&T::writeToFile, "writeToFile", "", "write the sensor's values to fileName at sensorsWritePeriod")
      .Add(&T::fileName, "fileName", "", "file for the values; empty: solution/sensor<number>.txt")
      .Add(&T::outputVariableType, "outputVariableType", "", "the OutputVariableType the sensor reads")
      .Add(&T::storeInternal, "storeInternal", "", "keep the values in memory for mbs.GetSensorStoredData")
      .Add(&T::visualizationShow, "show", "", "set true, if item is shown in visualization")
      .Visualization();
}

}  // namespace multidyn
