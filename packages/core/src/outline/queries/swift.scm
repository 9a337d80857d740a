; Swift: functions, initializers, deinitializers and computed properties lose their body.
(function_declaration body: (function_body) @body)
(deinit_declaration body: (function_body) @body)
(computed_property) @body
