import GripFitCLI

GripFitSerial.main()
