module Dtype = Dtype
