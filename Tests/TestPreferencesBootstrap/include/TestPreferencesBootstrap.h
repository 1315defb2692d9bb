// The test bundle's start-up hook; it declares nothing for Swift.
