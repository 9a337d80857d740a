; Go: functions, methods and function literals lose their block; types and constants stay.
(function_declaration body: (block) @body)
(method_declaration body: (block) @body)
(func_literal body: (block) @body)
