; Kotlin: functions, accessors and secondary constructors lose their body, block or
; `= expression`.
((function_body) @body
  (#match? @body "^\\{"))
((function_body) @body
  (#match? @body "^=")
  (#set! placeholder "= …"))
(secondary_constructor (statements) @body (#set! placeholder "…"))
